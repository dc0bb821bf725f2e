import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { multiLine, singleLine } from '../common/text.js';
import { GUEST_LOCALES, type GuestLocale } from '../i18n/locales.js';

/**
 * A menu text's translations, by guest language: `{ de: { name: 'Pommes' } }`. A language without
 * an entry (or a field left out) shows the original the manager typed.
 */
export const textTranslationsSchema = z.partialRecord(
  z.enum(GUEST_LOCALES),
  z.object({ name: z.string().optional(), description: z.string().optional() }),
);

export type TextTranslations = Partial<
  Record<GuestLocale, { name?: string | undefined; description?: string | undefined }>
>;

/** GET /api/menu/translations: every text of the menu beside its translations. */
export const menuTranslationsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      category: z.string(),
      translations: textTranslationsSchema,
    }),
  ),
  /** Categories by the key the guest menu groups them under (food, drinks, or the manager's word). */
  categories: z.array(z.object({ category: z.string(), translations: textTranslationsSchema })),
  optionGroups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      translations: textTranslationsSchema,
      options: z.array(
        z.object({ id: z.string(), name: z.string(), translations: textTranslationsSchema }),
      ),
    }),
  ),
});

export type MenuTranslations = z.infer<typeof menuTranslationsSchema>;

export const menuTranslationsResponseSchema = successResponseSchema(menuTranslationsSchema);

export const translationLocaleParamsSchema = z.object({
  locale: z.enum(GUEST_LOCALES, { error: `locale must be one of: ${GUEST_LOCALES.join(', ')}` }),
});

/** A translated name: blank removes the translation, so the original shows again. */
const translatedName = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .check(singleLine(field));

/**
 * PUT /api/menu/translations/:locale: one language's texts for any of the menu's items,
 * categories, option groups and options. Each named text is set (blank removes it); texts not
 * named stay as they are.
 */
export const menuTranslationsInputSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.uuid({ error: 'id must be a menu item id' }),
        name: translatedName('Name', 120).optional(),
        description: z
          .string({ error: 'Description must be text' })
          .trim()
          .max(500, 'Description is too long')
          .check(multiLine('Description'))
          .optional(),
      }),
    )
    .max(2000, 'At most 2000 items at once')
    .optional(),
  categories: z
    .array(
      z.object({
        category: translatedName('Category', 40).min(1),
        name: translatedName('Category name', 40),
      }),
    )
    .max(200, 'At most 200 categories at once')
    .optional(),
  optionGroups: z
    .array(
      z.object({
        id: z.uuid({ error: 'id must be an option group id' }),
        name: translatedName('Group name', 80),
      }),
    )
    .max(500, 'At most 500 option groups at once')
    .optional(),
  options: z
    .array(
      z.object({
        id: z.uuid({ error: 'id must be an option id' }),
        name: translatedName('Option name', 80),
      }),
    )
    .max(2000, 'At most 2000 options at once')
    .optional(),
});

export type MenuTranslationsInput = z.infer<typeof menuTranslationsInputSchema>;
