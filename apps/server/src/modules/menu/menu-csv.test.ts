import { MENU_CSV_COLUMNS, MENU_IMPORT_ERRORS, MENU_IMPORT_MAX_ROWS } from '@tavola/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { menuImportTemplate, readMenuCsv, writeMenuCsv } from './menu-csv.js';

/** A file in the layout from rows of named cells (the header is every column). */
const file = (...rows: Record<string, string>[]) =>
  [
    MENU_CSV_COLUMNS.join(','),
    ...rows.map((r) => MENU_CSV_COLUMNS.map((c) => JSON.stringify(r[c] ?? '')).join(',')),
  ].join('\n');

const burger = { type: 'item', name: 'Burger', category: 'food', price: '12.50' };
const cooking = { type: 'group', name: 'Cooking', min: '1', max: '1' };
const medium = { type: 'option', group: 'Cooking', name: 'Medium', default: 'yes' };

const read = (csv: string, known: string[] = []) => readMenuCsv(csv, new Set(known));
const errorsOf = (csv: string, known: string[] = []) =>
  read(csv, known).errors.map(({ row, column, code }) => ({ row, column, code }));

describe('the menu CSV import', () => {
  it('reads items, groups and options, an item naming its groups in order', () => {
    const plan = read(
      file(
        { ...burger, option_groups: 'Cooking; Extras', tags: 'popular;beef', prep_minutes: '15' },
        cooking,
        medium,
        { type: 'option', group: 'cooking', name: 'Rare' },
        { type: 'group', name: 'Extras', max: '3', max_per_option: '2', pre_modifiers: 'no;extra' },
        { type: 'option', group: 'Extras', name: 'Cheese', price: '1.00', extra_price: '0.50' },
        { type: 'option', group: 'Extras', name: 'Rocket', price: '-0.40', available: 'no' },
      ),
    );
    expect(plan.errors).toEqual([]);
    expect(plan.items).toEqual([
      {
        row: 2,
        groups: ['Cooking', 'Extras'],
        input: expect.objectContaining({
          name: 'Burger',
          category: 'food',
          price: 12.5,
          preparationTime: 15,
          tags: ['popular', 'beef'],
          station: null,
        }),
      },
    ]);
    const [cook, extras] = plan.groups;
    expect(cook!.input).toMatchObject({ name: 'Cooking', min: 1, max: 1, allowRepeat: false });
    expect(cook!.input.options.map((o) => [o.name, o.default])).toEqual([
      ['Medium', true],
      ['Rare', false],
    ]);
    expect(extras!.input).toMatchObject({
      max: 3,
      allowRepeat: true,
      maxPerOption: 2,
      preModifiers: ['no', 'extra'],
    });
    expect(extras!.input.options).toEqual([
      expect.objectContaining({ name: 'Cheese', priceCents: 100, extraPriceCents: 50 }),
      expect.objectContaining({ name: 'Rocket', priceCents: -40, available: false }),
    ]);
  });

  it('writes the menu back in the layout it reads: the template imports without a mistake', () => {
    const template = menuImportTemplate();
    expect(template.startsWith('\uFEFF')).toBe(true);
    const plan = read(template);
    expect(plan.errors).toEqual([]);
    expect(plan.items.map((i) => [i.input.name, i.groups])).toEqual([
      ['House Burger', ['Cooking', 'Extras']],
      ['Espresso', []],
    ]);
    expect(plan.groups.map((g) => g.input.options.length)).toEqual([3, 2]);
  });

  it('keeps a cell a spreadsheet would run as a formula as text, and reads it back as it was', () => {
    const csv = writeMenuCsv(
      [],
      [
        {
          name: '=HYPERLINK("x")',
          category: '-cold',
          description: '@home',
          priceCents: 500,
          currency: 'eur',
          available: true,
          special: false,
          imageUrl: null,
          station: null,
          preparationTime: null,
          tags: [],
          groups: [],
          allergens: null,
          allergenTraces: [],
          diets: [],
        },
      ],
    );
    const [, row] = parse(csv, { bom: true });
    expect(row!.slice(1, 5)).toEqual(['\'=HYPERLINK("x")', '', "'-cold", "'@home"]);
    expect(read(csv).items[0]!.input).toMatchObject({
      name: '=HYPERLINK("x")',
      category: '-cold',
      description: '@home',
    });
  });

  it("takes any of the restaurant's active stations, not only kitchen and bar", () => {
    const csv = file({ ...burger, name: 'Salad', station: 'grill' });
    expect(readMenuCsv(csv, new Set(), ['kitchen', 'bar', 'grill']).items[0]!.input).toMatchObject({
      station: 'grill',
    });
    // A station the restaurant does not have is still refused.
    expect(readMenuCsv(csv, new Set(), ['kitchen', 'bar']).errors).toEqual([
      expect.objectContaining({ row: 2, column: 'station', code: 'MENU_IMPORT_UNKNOWN_VALUE' }),
    ]);
  });

  it('names the row and column of every kind of mistake, and reads on past each one', () => {
    const errors = errorsOf(
      file(
        { ...burger, price: 'twelve' },
        { type: 'dish', name: 'Soup' },
        { ...burger, name: 'Fries', available: 'maybe' },
        { ...burger, name: 'Salad', station: 'grill' },
        { ...burger, name: 'burger ' },
        { ...burger, name: 'Steak', option_groups: 'Sauces' },
        { type: 'option', group: 'Sides', name: 'Chips' },
        { ...burger, name: '' },
        cooking,
        { ...medium, default: 'yes' },
        { type: 'option', group: 'Cooking', name: 'Rare', default: 'yes' },
        { type: 'group', name: 'Extras', pre_modifiers: 'double' },
        { type: 'option', group: 'Extras', name: 'Egg', price: '1.2.0' },
      ),
    );
    expect(errors).toEqual([
      { row: 2, column: 'price', code: 'MENU_IMPORT_NOT_A_NUMBER' },
      // Its price read as nothing, which the item's own rule refuses too.
      { row: 2, column: 'price', code: 'MENU_IMPORT_INVALID' },
      { row: 3, column: 'type', code: 'MENU_IMPORT_UNKNOWN_TYPE' },
      { row: 4, column: 'available', code: 'MENU_IMPORT_NOT_YES_NO' },
      { row: 5, column: 'station', code: 'MENU_IMPORT_UNKNOWN_VALUE' },
      { row: 6, column: 'name', code: 'MENU_IMPORT_DUPLICATE' },
      { row: 7, column: 'option_groups', code: 'MENU_IMPORT_UNKNOWN_GROUP' },
      { row: 8, column: 'group', code: 'MENU_IMPORT_UNKNOWN_GROUP' },
      { row: 9, column: 'name', code: 'MENU_IMPORT_INVALID' },
      // Two defaults in a group of at most one: the group's rule, on the group's row.
      { row: 10, column: undefined, code: 'MENU_IMPORT_INVALID' },
      { row: 13, column: 'pre_modifiers', code: 'MENU_IMPORT_UNKNOWN_VALUE' },
      { row: 14, column: 'price', code: 'MENU_IMPORT_NOT_A_NUMBER' },
    ]);
  });

  it('puts an option’s own mistake on the option’s row', () => {
    expect(
      errorsOf(file(cooking, medium, { type: 'option', group: 'Cooking', name: 'x'.repeat(81) })),
    ).toEqual([{ row: 4, column: 'name', code: 'MENU_IMPORT_INVALID' }]);
  });

  it('reads allergens, traces and diets by code or English name; none declares none, empty leaves it undeclared', () => {
    const plan = read(
      file(
        { ...burger, allergens: 'gluten; Milk', may_contain: 'sesame', diets: 'vegetarian' },
        { ...burger, name: 'Water', allergens: 'none' },
        { ...burger, name: 'Soup' },
        cooking,
        { ...medium, allergens: 'eggs' },
      ),
    );
    expect(plan.errors).toEqual([]);
    expect(plan.items.map((i) => [i.input.allergens, i.input.traces, i.input.diets])).toEqual([
      [['gluten', 'milk'], ['sesame'], ['vegetarian']],
      [[], [], []],
      [null, [], []],
    ]);
    expect(plan.groups[0]!.input.options[0]).toMatchObject({ allergens: ['eggs'], traces: [] });
    // A file without the columns leaves every declaration as it is.
    expect(read('type,name,category,price\nitem,Fries,food,4').items[0]!.input).not.toHaveProperty(
      'allergens',
    );
  });

  it('refuses an unknown allergen and a declaration that contradicts itself', () => {
    expect(
      errorsOf(
        file(
          { ...burger, allergens: 'gluten;peanut' },
          { ...burger, name: 'Pie', allergens: 'milk', may_contain: 'milk' },
          { ...burger, name: 'Cake', allergens: 'eggs', diets: 'vegan' },
        ),
      ),
    ).toEqual([
      { row: 2, column: 'allergens', code: 'MENU_IMPORT_UNKNOWN_VALUE' },
      { row: 3, column: 'allergens', code: 'MENU_IMPORT_INVALID' },
      { row: 4, column: 'allergens', code: 'MENU_IMPORT_INVALID' },
    ]);
  });

  it('lets an item name a group already on the menu', () => {
    expect(errorsOf(file({ ...burger, option_groups: 'Sauces' }), ['sauces'])).toEqual([]);
  });

  it('refuses a header it cannot read, an empty file, one too long, and text that is not CSV', () => {
    expect(errorsOf('name,colour\nBurger,red')).toEqual([
      { row: 1, column: 'colour', code: 'MENU_IMPORT_UNKNOWN_COLUMN' },
      { row: 1, column: 'type', code: 'MENU_IMPORT_MISSING_COLUMN' },
    ]);
    expect(errorsOf('type,name\n,\n')).toEqual([
      { row: 1, column: undefined, code: 'MENU_IMPORT_EMPTY' },
    ]);
    const long = ['type,name', ...Array.from({ length: MENU_IMPORT_MAX_ROWS + 1 }, () => 'x,y')];
    expect(errorsOf(long.join('\n'))).toEqual([
      { row: 1, column: undefined, code: 'MENU_IMPORT_TOO_MANY_ROWS' },
    ]);
    expect(errorsOf('type,name\nitem,"Burger\nitem,Fries')).toEqual([
      { row: expect.any(Number), column: undefined, code: 'MENU_IMPORT_NOT_CSV' },
    ]);
  });

  it('has a test above for every kind of mistake it names', () => {
    const tested = new Set([
      'MENU_IMPORT_NOT_CSV',
      'MENU_IMPORT_EMPTY',
      'MENU_IMPORT_TOO_MANY_ROWS',
      'MENU_IMPORT_MISSING_COLUMN',
      'MENU_IMPORT_UNKNOWN_COLUMN',
      'MENU_IMPORT_UNKNOWN_TYPE',
      'MENU_IMPORT_NOT_A_NUMBER',
      'MENU_IMPORT_NOT_YES_NO',
      'MENU_IMPORT_UNKNOWN_VALUE',
      'MENU_IMPORT_DUPLICATE',
      'MENU_IMPORT_UNKNOWN_GROUP',
      'MENU_IMPORT_INVALID',
    ]);
    expect([...MENU_IMPORT_ERRORS].sort()).toEqual([...tested].sort());
  });
});
