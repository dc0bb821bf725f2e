import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { singleLine } from '../common/text.js';
import { optionAllergensInputShape, publicOptionAllergensShape } from './allergens.js';
import {
  ITEM_MAX_OPTION_GROUPS,
  OPTION_GROUP_MAX_OPTIONS,
  OPTION_GROUP_MAX_PICKS,
  OPTION_MAX_PER_OPTION,
  OPTION_PRICE_MAX_CENTS,
  PRE_MODIFIERS,
} from './option-rules.js';

/**
 * The shapes of option groups: what a manager sends, what screens read, what an order line
 * sends. The rules themselves, and the pricing of a line with its picks, are in
 * `option-rules.ts` (without zod), exported from here too.
 */
export * from './option-rules.js';

// --- Order line input ------------------------------------------------------------------------

/** One pick as an order line sends it: `{ optionId, quantity?, preModifier? }`. */
export const optionPickInputSchema = z.object({
  optionId: z
    .string({ error: 'optionId is required' })
    .trim()
    .min(1, 'optionId is required')
    .max(100, 'optionId is too long')
    .check(singleLine('optionId')),
  quantity: z
    .number({ error: 'option quantity must be a number' })
    .int('option quantity must be a whole number')
    .min(1, 'option quantity must be at least 1')
    .max(OPTION_MAX_PER_OPTION, `option quantity must be at most ${OPTION_MAX_PER_OPTION}`)
    .optional(),
  preModifier: z
    .enum(PRE_MODIFIERS, { error: `preModifier must be one of ${PRE_MODIFIERS.join(', ')}` })
    .nullable()
    .optional(),
});

export type OptionPickInput = z.infer<typeof optionPickInputSchema>;

/**
 * A line's `options`: the picks, at most one entry per option. Left out, the line takes the
 * item's default picks (`defaultOptionPicks`); `[]` is a line with nothing picked.
 */
export const optionPicksInputSchema = z
  .array(optionPickInputSchema, { error: 'options must be a list' })
  .max(OPTION_GROUP_MAX_OPTIONS * 4, 'too many options on one line');

// --- The manager's groups ------------------------------------------------------------------

const nameText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .check(singleLine(field));

const priceChangeCents = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(min, min === 0 ? `${field} must not be negative` : `${field} is too large`)
    .max(OPTION_PRICE_MAX_CENTS, `${field} is too large`);

/** An option as the manager writes it; `id` keeps an existing option (and its history) on an edit. */
export const optionInputSchema = z.object({
  id: z.uuid({ error: 'option id must be a valid identifier' }).optional(),
  name: nameText('Option name', 80),
  /** The change to the item's price, in minor units of the item's currency; may be negative. */
  priceCents: priceChangeCents('priceCents', -OPTION_PRICE_MAX_CENTS).default(0),
  /** The change with "Extra" (groups with pre-modifiers only). */
  extraPriceCents: priceChangeCents('extraPriceCents', 0).default(0),
  available: z.boolean({ error: 'available must be true or false' }).default(true),
  default: z.boolean({ error: 'default must be true or false' }).default(false),
  /** What picking it adds to the dish: EU-14 codes it contains and may contain. */
  ...optionAllergensInputShape,
});

export type OptionInput = z.infer<typeof optionInputSchema>;

const count = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/**
 * POST /api/menu/option-groups and PUT /api/menu/option-groups/{id}: a group with all its
 * options, in order (an edit replaces the list: options left out are removed).
 */
export const optionGroupInputSchema = z
  .object({
    name: nameText('Group name', 80),
    min: count('min', 0, OPTION_GROUP_MAX_PICKS).default(0),
    max: count('max', 1, OPTION_GROUP_MAX_PICKS).default(1),
    allowRepeat: z.boolean({ error: 'allowRepeat must be true or false' }).default(false),
    maxPerOption: count('maxPerOption', 1, OPTION_MAX_PER_OPTION).default(1),
    preModifiers: z
      .array(z.enum(PRE_MODIFIERS, { error: `preModifiers are ${PRE_MODIFIERS.join(', ')}` }), {
        error: 'preModifiers must be a list',
      })
      .max(PRE_MODIFIERS.length)
      .transform((list) => PRE_MODIFIERS.filter((p) => list.includes(p)))
      .default([]),
    options: z
      .array(optionInputSchema, { error: 'options must be a list' })
      .min(1, 'A group needs at least one option')
      .max(OPTION_GROUP_MAX_OPTIONS, `A group has at most ${OPTION_GROUP_MAX_OPTIONS} options`),
  })
  .superRefine((g, ctx) => {
    const issue = (message: string, path: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (g.min > g.max) issue('min must not be above max', 'min');
    const perOption = g.allowRepeat ? g.maxPerOption : 1;
    if (g.min > g.options.length * perOption) {
      issue('min is more than the options allow', 'min');
    }
    const names = g.options.map((o) => o.name.toLowerCase());
    if (new Set(names).size !== names.length) issue('Each option needs its own name', 'options');
    const ids = g.options.flatMap((o) => (o.id ? [o.id] : []));
    if (new Set(ids).size !== ids.length) issue('Each option id at most once', 'options');
    const defaults = g.options.filter((o) => o.default).length;
    if (defaults > g.max) issue('More options are picked by default than max allows', 'options');
    if (defaults > 0 && g.preModifiers.length > 0) {
      issue('A group with pre-modifiers has no default picks', 'options');
    }
  });

export type OptionGroupInput = z.infer<typeof optionGroupInputSchema>;
export type OptionGroupPayload = z.input<typeof optionGroupInputSchema>;

/** An option as the manager's screens read it. */
export const managerOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  extraPriceCents: z.number().int(),
  available: z.boolean(),
  default: z.boolean(),
  ...publicOptionAllergensShape,
});

export type ManagerOption = z.infer<typeof managerOptionSchema>;

/** A group as the manager's screens read it, with the items it is attached to. */
export const managerOptionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  allowRepeat: z.boolean(),
  maxPerOption: z.number().int(),
  preModifiers: z.array(z.enum(PRE_MODIFIERS)),
  options: z.array(managerOptionSchema),
  /** The menu items it is attached to. */
  itemIds: z.array(z.string()),
});

export type ManagerOptionGroup = z.infer<typeof managerOptionGroupSchema>;

/** GET /api/menu/option-groups. */
export const optionGroupListResponseSchema = successResponseSchema(
  z.array(managerOptionGroupSchema),
);

/** POST (201), PUT /api/menu/option-groups/{id}. */
export const optionGroupResponseSchema = successResponseSchema(managerOptionGroupSchema);

/** PUT /api/menu/option-groups/{id}/options/{optionId}/toggle: the option after the flip. */
export const optionToggleResponseSchema = successResponseSchema(managerOptionSchema);

/** A group's option: the group's `id` and the option's `optionId`. */
export const optionParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a valid identifier' }),
  optionId: z.uuid({ error: 'optionId must be a valid identifier' }),
});

/**
 * PUT /api/menu/{id}/option-groups: the groups an item offers, in order (attach, detach and
 * reorder in one: the list replaces the item's).
 */
export const itemOptionGroupsInputSchema = z.object({
  groupIds: z
    .array(z.uuid({ error: 'groupIds must be valid identifiers' }), {
      error: 'groupIds must be a list',
    })
    .max(ITEM_MAX_OPTION_GROUPS, `An item has at most ${ITEM_MAX_OPTION_GROUPS} option groups`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each group at most once'),
});

export type ItemOptionGroupsInput = z.infer<typeof itemOptionGroupsInputSchema>;

/** The answer: the item's groups, in order. */
export const itemOptionGroupsResponseSchema = successResponseSchema(
  z.object({ itemId: z.string(), groupIds: z.array(z.string()) }),
);

// --- The guest's and the order screen's view -------------------------------------------------

/**
 * An option on the guest menu. `price` is the change in both currencies, for display
 * (each converted on its own); the line's price is `priceLine` of the item and its picks
 * (`priceCents`, in the item's currency, `pricing` of the item), converted once.
 */
export const publicOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: dualPriceSchema,
  /** With "Extra" (groups with pre-modifiers). */
  extraPrice: dualPriceSchema,
  priceCents: z.number().int(),
  extraPriceCents: z.number().int(),
  available: z.boolean(),
  default: z.boolean(),
  /** What picking it adds to the dish (`lineAllergens`). */
  ...publicOptionAllergensShape,
});

export type PublicOption = z.infer<typeof publicOptionSchema>;

export const publicOptionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  allowRepeat: z.boolean(),
  maxPerOption: z.number().int(),
  preModifiers: z.array(z.enum(PRE_MODIFIERS)),
  options: z.array(publicOptionSchema),
});

export type PublicOptionGroup = z.infer<typeof publicOptionGroupSchema>;

/** An item's own price, for pricing a line with its picks exactly (`priceLine`). */
export const itemPricingSchema = z.object({
  priceCents: z.number().int(),
  currency: z.enum(['eur', 'usd']),
});

/**
 * A chosen option as tickets and the order's events carry it (under the line's `itemName`):
 * the display prints `optionLabel` of it and emphasises `preModifier` "no" (a removal).
 */
export const ticketOptionSchema = z.object({
  group: z.string(),
  option: z.string(),
  quantity: z.number().int(),
  preModifier: z.enum(PRE_MODIFIERS).nullable(),
});

export type TicketOption = z.infer<typeof ticketOptionSchema>;

/**
 * What a ticket or event line adds when it has options: the item's own name (`name` stays the
 * whole `lineLabel`, options included, for a display that prints only it) and the options.
 */
export const ticketOptionsShape = {
  itemName: z.string().optional(),
  options: z.array(ticketOptionSchema).optional(),
};
