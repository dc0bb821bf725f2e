import {
  ALLERGEN_LABELS,
  ALLERGENS,
  allergenProblem,
  DIETS,
  amountToCents,
  ITEM_MAX_OPTION_GROUPS,
  MENU_CSV_COLUMNS,
  MENU_CSV_ROW_TYPES,
  MENU_IMPORT_MAX_ROWS,
  menuItemInputSchema,
  optionGroupInputSchema,
  PRE_MODIFIERS,
  refusalText,
  STATIONS,
  type Allergen,
  type MenuCsvColumn,
  type MenuImportError,
  type MenuImportErrorCode,
  type MenuItemInput,
  type OptionGroupInput,
} from '@tavola/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';

/**
 * The menu's CSV layout (`MENU_CSV_COLUMNS` in the contract) read into what the import writes,
 * and written back from the menu. Pure: the service gives it the names already on the menu and
 * writes what it returns.
 */

/** An item as the file has it: its form's input and its groups' names in order. */
export interface ImportItem {
  row: number;
  input: MenuItemInput;
  groups: string[];
}

/** A group as the file has it, its options in the file's order (each with the row it came from). */
export interface ImportGroup {
  row: number;
  input: OptionGroupInput;
}

export interface MenuImportPlan {
  items: ImportItem[];
  groups: ImportGroup[];
  errors: MenuImportError[];
}

/** Names match case aside and around spaces, as a manager would read them. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) gets a quote in
 * front; the import takes it off again. Amounts are written as they are (a price change may be
 * negative).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const text = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);
export const unquoteFormula = (v: string) =>
  v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

type Cells = Partial<Record<MenuCsvColumn, string>>;

class RowReader {
  constructor(
    private readonly row: number,
    private readonly cells: Cells,
    private readonly errors: MenuImportError[],
  ) {}

  /** Whether the file has the column at all (a file without allergen columns keeps declarations). */
  has(column: MenuCsvColumn): boolean {
    return column in this.cells;
  }

  /** EU-14 codes (or their English names), `none` for a declared none. */
  allergens(column: MenuCsvColumn): Allergen[] {
    const byLabel = new Map<string, Allergen>(
      ALLERGENS.flatMap((a) => [
        [a, a],
        [ALLERGEN_LABELS[a].toLowerCase(), a],
      ]),
    );
    const picked: Allergen[] = [];
    for (const value of this.list(column)) {
      const lower = value.toLowerCase();
      if (lower === 'none') continue;
      const code = byLabel.get(lower);
      if (code) picked.push(code);
      else {
        this.error(
          'MENU_IMPORT_UNKNOWN_VALUE',
          { column, value, allowed: ['none', ...ALLERGENS].join(', ') },
          column,
        );
      }
    }
    return picked;
  }

  /** A declaration that contradicts itself (contains and may contain the same, a diet it breaks). */
  declaration(d: Parameters<typeof allergenProblem>[0]) {
    const problem = allergenProblem(d);
    if (problem) {
      this.error(
        'MENU_IMPORT_INVALID',
        { reason: refusalText(problem.code, problem.params) },
        'allergens',
      );
    }
  }

  error(code: MenuImportErrorCode, params: Record<string, string | number>, column?: string) {
    this.errors.push({
      row: this.row,
      ...(column ? { column } : {}),
      code,
      message: refusalText(code, params),
    });
  }

  text(column: MenuCsvColumn): string {
    return unquoteFormula(this.cells[column]?.trim() ?? '');
  }

  /** A decimal amount ("12.50", "-0.40"); undefined when empty. */
  amount(column: MenuCsvColumn): number | undefined {
    const value = this.text(column);
    if (!value) return undefined;
    if (!/^-?\d+(\.\d+)?$/.test(value)) {
      this.error('MENU_IMPORT_NOT_A_NUMBER', { column, value }, column);
      return undefined;
    }
    return Number(value);
  }

  whole(column: MenuCsvColumn): number | undefined {
    const value = this.text(column);
    if (!value) return undefined;
    if (!/^\d+$/.test(value)) {
      this.error('MENU_IMPORT_NOT_A_NUMBER', { column, value }, column);
      return undefined;
    }
    return Number(value);
  }

  yesNo(column: MenuCsvColumn): boolean | undefined {
    const value = this.text(column).toLowerCase();
    if (!value) return undefined;
    if (YES.has(value)) return true;
    if (NO.has(value)) return false;
    this.error('MENU_IMPORT_NOT_YES_NO', { column, value: this.text(column) }, column);
    return undefined;
  }

  oneOf<const T extends string>(column: MenuCsvColumn, allowed: readonly T[]): T | undefined {
    const value = this.text(column).toLowerCase();
    if (!value) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.error(
      'MENU_IMPORT_UNKNOWN_VALUE',
      { column, value: this.text(column), allowed: allowed.join(', ') },
      column,
    );
    return undefined;
  }

  list(column: MenuCsvColumn): string[] {
    return this.text(column)
      .split(';')
      .map((v) => v.trim())
      .filter(Boolean);
  }

  listOf<const T extends string>(column: MenuCsvColumn, allowed: readonly T[]): T[] {
    const picked: T[] = [];
    for (const value of this.list(column)) {
      const lower = value.toLowerCase();
      if ((allowed as readonly string[]).includes(lower)) picked.push(lower as T);
      else {
        this.error(
          'MENU_IMPORT_UNKNOWN_VALUE',
          { column, value, allowed: allowed.join(', ') },
          column,
        );
      }
    }
    return picked;
  }

  /**
   * The contract's own check of what the row became: each complaint on the row and column it is
   * about (`locate` turns the schema's path into them; an option's complaint is on its own row).
   */
  schema<S extends z.ZodType>(
    schema: S,
    value: unknown,
    locate: (path: PropertyKey[]) => { row?: number; column?: string },
  ): z.infer<S> | undefined {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const at = locate(issue.path);
      this.errors.push({
        row: at.row ?? this.row,
        ...(at.column ? { column: at.column } : {}),
        code: 'MENU_IMPORT_INVALID',
        message: refusalText('MENU_IMPORT_INVALID', { reason: issue.message }),
      });
    }
    return undefined;
  }
}

const ITEM_COLUMN: Record<string, MenuCsvColumn> = {
  name: 'name',
  category: 'category',
  price: 'price',
  description: 'description',
  currency: 'currency',
  available: 'available',
  special: 'special',
  imageUrl: 'image_url',
  allergens: 'allergens',
  traces: 'may_contain',
  diets: 'diets',
  preparationTime: 'prep_minutes',
  tags: 'tags',
  station: 'station',
};

const GROUP_COLUMN: Record<string, MenuCsvColumn> = {
  name: 'name',
  min: 'min',
  max: 'max',
  maxPerOption: 'max_per_option',
  preModifiers: 'pre_modifiers',
};

const OPTION_COLUMN: Record<string, MenuCsvColumn> = {
  name: 'name',
  priceCents: 'price',
  extraPriceCents: 'extra_price',
  default: 'default',
  available: 'available',
  allergens: 'allergens',
  traces: 'may_contain',
};

/** Reads the file's records; a file csv-parse cannot read is one mistake on the row it stopped at. */
function records(csv: string): { rows: string[][] } | { error: MenuImportError } {
  try {
    const rows = parse(csv, { bom: true, relax_column_count: true });
    return { rows };
  } catch (e) {
    const err = e as Error & { lines?: number };
    return {
      error: {
        row: err.lines ?? 1,
        code: 'MENU_IMPORT_NOT_CSV',
        message: refusalText('MENU_IMPORT_NOT_CSV', { reason: err.message }),
      },
    };
  }
}

const fileError = (code: MenuImportErrorCode, params: Record<string, string | number> = {}) => ({
  row: 1,
  code,
  message: refusalText(code, params),
});

/**
 * The file read into items and groups, with every mistake by row. `knownGroups` are the group
 * names already on the menu (an item may name one the file does not define).
 */
/**
 * `stations`: the restaurant's active stations' slugs an item may name (kitchen and bar when not
 * given).
 */
export function readMenuCsv(
  csv: string,
  knownGroups: ReadonlySet<string>,
  stations: readonly string[] = STATIONS,
): MenuImportPlan {
  const read = records(csv);
  if ('error' in read) return { items: [], groups: [], errors: [read.error] };
  const [header, ...body] = read.rows;
  const errors: MenuImportError[] = [];
  const columns = (header ?? []).map((c) => c.trim().toLowerCase());
  for (const column of columns) {
    if (column && !(MENU_CSV_COLUMNS as readonly string[]).includes(column)) {
      errors.push({ ...fileError('MENU_IMPORT_UNKNOWN_COLUMN', { column }), column });
    }
  }
  for (const column of ['type', 'name'] as const) {
    if (!columns.includes(column)) {
      errors.push({ ...fileError('MENU_IMPORT_MISSING_COLUMN', { column }), column });
    }
  }
  if (body.length > MENU_IMPORT_MAX_ROWS) {
    errors.push(fileError('MENU_IMPORT_TOO_MANY_ROWS', { max: MENU_IMPORT_MAX_ROWS }));
  }
  if (errors.length) return { items: [], groups: [], errors };

  const items = new Map<string, ImportItem>();
  const groups = new Map<string, { row: number; reader: RowReader; fields: object }>();
  const options = new Map<string, { row: number; input: object }[]>();
  const seen = new Map<string, number>();
  let rowsRead = 0;

  body.forEach((record, i) => {
    const row = i + 2;
    if (record.every((cell) => cell.trim() === '')) return;
    rowsRead++;
    const cells: Cells = {};
    columns.forEach((column, c) => {
      if (column) cells[column as MenuCsvColumn] = record[c] ?? '';
    });
    const r = new RowReader(row, cells, errors);
    const type = r.text('type').toLowerCase();
    if (!(MENU_CSV_ROW_TYPES as readonly string[]).includes(type)) {
      r.error('MENU_IMPORT_UNKNOWN_TYPE', { value: r.text('type') }, 'type');
      return;
    }
    const name = r.text('name');
    const group = r.text('group');
    const key = `${type}\0${type === 'option' ? `${nameKey(group)}\0` : ''}${nameKey(name)}`;
    const first = seen.get(key);
    if (name && first !== undefined) {
      r.error('MENU_IMPORT_DUPLICATE', { name, first }, 'name');
      return;
    }
    seen.set(key, row);

    if (type === 'item') {
      const input = {
        name,
        category: r.text('category'),
        price: r.amount('price') ?? 0,
        available: r.yesNo('available') ?? true,
        special: r.yesNo('special') ?? false,
        ...(r.text('image_url') ? { imageUrl: r.text('image_url') } : {}),
        ...(r.text('description') ? { description: r.text('description') } : {}),
        ...(r.text('currency') ? { currency: r.text('currency') } : {}),
        ...(r.text('prep_minutes') ? { preparationTime: r.whole('prep_minutes') } : {}),
        tags: r.list('tags'),
        station: r.oneOf('station', stations) ?? null,
        ...(r.has('allergens')
          ? { allergens: r.text('allergens') ? r.allergens('allergens') : null }
          : {}),
        ...(r.has('may_contain') ? { traces: r.allergens('may_contain') } : {}),
        ...(r.has('diets') ? { diets: r.listOf('diets', DIETS) } : {}),
      };
      if (r.has('allergens') || r.has('may_contain') || r.has('diets')) {
        r.declaration({
          allergens: input.allergens ?? null,
          traces: input.traces ?? [],
          diets: input.diets ?? [],
        });
      }
      const groupNames = r.list('option_groups');
      if (groupNames.length > ITEM_MAX_OPTION_GROUPS) {
        r.error(
          'MENU_IMPORT_INVALID',
          { reason: `An item has at most ${ITEM_MAX_OPTION_GROUPS} option groups` },
          'option_groups',
        );
      }
      const parsed = r.schema(menuItemInputSchema, input, (p) => ({
        column: ITEM_COLUMN[String(p[0])],
      }));
      if (parsed) items.set(nameKey(name), { row, input: parsed, groups: groupNames });
    } else if (type === 'group') {
      const maxPerOption = r.whole('max_per_option') ?? 1;
      const fields = {
        name,
        min: r.whole('min') ?? 0,
        max: r.whole('max') ?? 1,
        allowRepeat: maxPerOption > 1,
        maxPerOption,
        preModifiers: r.listOf('pre_modifiers', PRE_MODIFIERS),
      };
      groups.set(nameKey(name), { row, reader: r, fields });
    } else {
      const price = r.amount('price') ?? 0;
      const extra = r.amount('extra_price') ?? 0;
      const input = {
        name,
        priceCents: amountToCents(price) ?? 0,
        extraPriceCents: amountToCents(extra) ?? 0,
        default: r.yesNo('default') ?? false,
        available: r.yesNo('available') ?? true,
        allergens: r.allergens('allergens'),
        traces: r.allergens('may_contain'),
      };
      r.declaration({ allergens: input.allergens, traces: input.traces });
      const list = options.get(nameKey(group)) ?? [];
      list.push({ row, input });
      options.set(nameKey(group), list);
    }
  });
  if (rowsRead === 0) errors.push(fileError('MENU_IMPORT_EMPTY'));

  for (const [key, list] of options) {
    if (groups.has(key)) continue;
    for (const o of list) {
      const group = body[o.row - 2]![columns.indexOf('group')]?.trim() ?? '';
      errors.push({
        row: o.row,
        column: 'group',
        code: 'MENU_IMPORT_UNKNOWN_GROUP',
        message: refusalText('MENU_IMPORT_UNKNOWN_GROUP', { group }),
      });
    }
  }

  const readGroups: ImportGroup[] = [];
  for (const [key, g] of groups) {
    const list = options.get(key) ?? [];
    const input = g.reader.schema(
      optionGroupInputSchema,
      { ...g.fields, options: list.map((o) => o.input) },
      ([field, index, optionField]) =>
        field === 'options' && typeof index === 'number'
          ? { row: list[index]?.row, column: OPTION_COLUMN[String(optionField)] }
          : { column: GROUP_COLUMN[String(field)] },
    );
    if (input) readGroups.push({ row: g.row, input });
  }

  for (const item of items.values()) {
    for (const group of item.groups) {
      if (groups.has(nameKey(group)) || knownGroups.has(nameKey(group))) continue;
      errors.push({
        row: item.row,
        column: 'option_groups',
        code: 'MENU_IMPORT_UNKNOWN_GROUP',
        message: refusalText('MENU_IMPORT_UNKNOWN_GROUP', { group }),
      });
    }
  }

  errors.sort((a, b) => a.row - b.row);
  return { items: [...items.values()], groups: readGroups, errors };
}

/** What the export writes of an item. */
export interface ExportItem {
  name: string;
  category: string;
  description: string | null;
  priceCents: number;
  currency: string;
  available: boolean;
  special: boolean;
  imageUrl: string | null;
  station: string | null;
  preparationTime: number | null;
  tags: readonly string[];
  groups: readonly string[];
  /** Null: not declared. */
  allergens: readonly string[] | null;
  allergenTraces: readonly string[];
  diets: readonly string[];
}

/** What the export writes of a group and its options. */
export interface ExportGroup {
  name: string;
  min: number;
  max: number;
  maxPerOption: number;
  preModifiers: readonly string[];
  options: readonly {
    name: string;
    priceCents: number;
    extraPriceCents: number;
    isDefault: boolean;
    available: boolean;
    allergens: readonly string[];
    allergenTraces: readonly string[];
  }[];
}

const money = (cents: number) => (cents / 100).toFixed(2);
const yesNo = (v: boolean) => (v ? 'yes' : 'no');

function line(cells: Cells): string[] {
  return MENU_CSV_COLUMNS.map((c) => cells[c] ?? '');
}

/**
 * The menu in the import's layout: groups first (an item names them), each followed by its
 * options, then the items. UTF-8 with a byte-order mark so a spreadsheet reads accents right;
 * a cell a spreadsheet would take for a formula is kept as text.
 */
export function writeMenuCsv(groups: readonly ExportGroup[], items: readonly ExportItem[]) {
  const rows: string[][] = [[...MENU_CSV_COLUMNS]];
  for (const g of groups) {
    rows.push(
      line({
        type: 'group',
        name: text(g.name),
        min: String(g.min),
        max: String(g.max),
        max_per_option: String(g.maxPerOption),
        pre_modifiers: g.preModifiers.join(';'),
      }),
    );
    for (const o of g.options) {
      rows.push(
        line({
          type: 'option',
          name: text(o.name),
          group: text(g.name),
          price: money(o.priceCents),
          extra_price: money(o.extraPriceCents),
          default: yesNo(o.isDefault),
          available: yesNo(o.available),
          allergens: o.allergens.join(';'),
          may_contain: o.allergenTraces.join(';'),
        }),
      );
    }
  }
  for (const i of items) {
    rows.push(
      line({
        type: 'item',
        name: text(i.name),
        category: text(i.category),
        description: text(i.description ?? ''),
        price: money(i.priceCents),
        currency: i.currency.toUpperCase(),
        available: yesNo(i.available),
        special: yesNo(i.special),
        image_url: i.imageUrl ?? '',
        station: i.station ?? '',
        prep_minutes: i.preparationTime ? String(i.preparationTime) : '',
        tags: text(i.tags.join(';')),
        option_groups: text(i.groups.join(';')),
        allergens: i.allergens === null ? '' : i.allergens.join(';') || 'none',
        may_contain: i.allergenTraces.join(';'),
        diets: i.diets.join(';'),
      }),
    );
  }
  return stringify(rows, { bom: true, record_delimiter: 'windows' });
}

/** The template to fill in: the header and one example of each kind of row. */
export function menuImportTemplate(): string {
  const option = (
    name: string,
    priceCents: number,
    isDefault = false,
    allergens: string[] = [],
  ) => ({
    name,
    priceCents,
    extraPriceCents: 0,
    isDefault,
    available: true,
    allergens,
    allergenTraces: [],
  });
  return writeMenuCsv(
    [
      {
        name: 'Cooking',
        min: 1,
        max: 1,
        maxPerOption: 1,
        preModifiers: [],
        options: [option('Rare', 0), option('Medium', 0, true), option('Well done', 0)],
      },
      {
        name: 'Extras',
        min: 0,
        max: 3,
        maxPerOption: 1,
        preModifiers: [],
        options: [option('Cheese', 100, false, ['milk']), option('Bacon', 150)],
      },
    ],
    [
      {
        name: 'House Burger',
        category: 'food',
        description: 'Beef patty, lettuce, tomato',
        priceCents: 1250,
        currency: 'EUR',
        available: true,
        special: false,
        imageUrl: null,
        station: null,
        preparationTime: 15,
        tags: ['popular'],
        groups: ['Cooking', 'Extras'],
        allergens: ['gluten', 'sesame'],
        allergenTraces: ['mustard'],
        diets: [],
      },
      {
        name: 'Espresso',
        category: 'drinks',
        description: null,
        priceCents: 220,
        currency: 'EUR',
        available: true,
        special: false,
        imageUrl: null,
        station: 'bar',
        preparationTime: null,
        tags: [],
        groups: [],
        allergens: [],
        allergenTraces: [],
        diets: ['vegan'],
      },
    ],
  );
}
