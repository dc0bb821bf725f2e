import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import type { RefusalCode } from '../i18n/refusals.js';

/**
 * The menu's one CSV layout, read by the import and written by the export, so a file exported
 * from one restaurant imports into another unchanged. One row per thing, its kind in `type`:
 *
 * - `item`: `name`, `category`, `price` (in `currency`, the restaurant's when empty),
 *   `description`, `available`, `special`, `station` (empty: its category's), `prep_minutes`,
 *   `tags`, `image_url`, and `option_groups`: the names of its groups in the order the guest's
 *   chooser shows them.
 * - `allergens` (what it contains, EU-14 codes: `none` declares none, empty leaves it undeclared),
 *   `may_contain` (traces) and, for items, `diets`; for an option they are what picking it adds.
 *   A file without these columns leaves every declaration as it is.
 * - `group`: `name`, `min`, `max`, `max_per_option` (more than 1 lets one option be picked more
 *   than once) and `pre_modifiers` (no, light, extra, side).
 * - `option`: `group`, `name`, `price` (the change to the item's price, may be negative),
 *   `extra_price` (with "Extra"), `default`, `available`.
 *
 * Lists are separated by `;`, yes/no columns take yes or no (true/false, 1/0), and a column a
 * row's kind does not use stays empty. Items and groups are matched by name (case aside): a name
 * already on the menu is updated, a new one is added, and what the file does not name is left as
 * it is. A group the file lists is replaced by the file's options (matched by name, so an
 * option keeps its history).
 */
export const MENU_CSV_COLUMNS = [
  'type',
  'name',
  'group',
  'category',
  'description',
  'price',
  'currency',
  'available',
  'special',
  'station',
  'prep_minutes',
  'tags',
  'option_groups',
  'min',
  'max',
  'max_per_option',
  'pre_modifiers',
  'extra_price',
  'default',
  'image_url',
  'allergens',
  'may_contain',
  'diets',
] as const;

export type MenuCsvColumn = (typeof MENU_CSV_COLUMNS)[number];

export const MENU_CSV_ROW_TYPES = ['item', 'group', 'option'] as const;

/** How many rows one file may hold (a menu of 200 items with their options fits many times). */
export const MENU_IMPORT_MAX_ROWS = 5000;

/** The file's size limit, in characters. */
export const MENU_IMPORT_MAX_CHARS = 1_000_000;

/** POST /api/menu/import: the file's text, checked only (`dryRun`) or imported. */
export const menuImportInputSchema = z.object({
  csv: z
    .string({ error: 'csv is required' })
    .min(1, 'csv is required')
    .max(MENU_IMPORT_MAX_CHARS, `The file is larger than ${MENU_IMPORT_MAX_CHARS} characters`),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
});

export type MenuImportInput = z.infer<typeof menuImportInputSchema>;

/** The kinds of mistake the import names, each a refusal code with its own words. */
export const MENU_IMPORT_ERRORS = [
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
] as const satisfies readonly RefusalCode[];

export type MenuImportErrorCode = (typeof MENU_IMPORT_ERRORS)[number];

/** One mistake: the file's row (the header is row 1), the column when it is about one, and why. */
export const menuImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().optional(),
  code: z.enum(MENU_IMPORT_ERRORS),
  message: z.string(),
});

export type MenuImportError = z.infer<typeof menuImportErrorSchema>;

const counts = z.object({ created: z.number().int(), updated: z.number().int() });

/**
 * What an import did, or would do on a dry run: items and groups added and updated, and every
 * mistake by row. A file with a mistake imports nothing.
 */
export const menuImportResultSchema = z.object({
  dryRun: z.boolean(),
  items: counts,
  groups: counts,
  errors: z.array(menuImportErrorSchema),
});

export type MenuImportResult = z.infer<typeof menuImportResultSchema>;

export const menuImportResponseSchema = successResponseSchema(menuImportResultSchema);
