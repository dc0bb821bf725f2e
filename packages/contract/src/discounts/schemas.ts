import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { singleLine } from '../common/text.js';
import { DISCOUNT_KINDS, DISCOUNT_SCOPES } from './rules.js';

export const DISCOUNT_REASON_NAME_MAX = 60;

/** The most reasons a restaurant keeps (a picker, not a free-text field). */
export const DISCOUNT_REASONS_MAX = 50;

/** The reasons a new restaurant starts with; the manager edits the list. */
export const DEFAULT_DISCOUNT_REASONS = [
  'Service recovery',
  'Kitchen mistake',
  'Regular guest',
  'Staff meal',
  'Manager discretion',
] as const;

/** A reason a discount or comp may be given for, from the restaurant's list. */
export const discountReasonSchema = z.object({
  id: z.string(),
  name: z.string(),
});

export type DiscountReason = z.infer<typeof discountReasonSchema>;

const reasonNameRequired = 'A reason needs a name';

/** POST /api/discount-reasons and PATCH /api/discount-reasons/{id}. */
export const discountReasonInputSchema = z.object({
  name: z
    .string({ error: reasonNameRequired })
    .trim()
    .min(1, reasonNameRequired)
    .max(DISCOUNT_REASON_NAME_MAX, `A reason is at most ${DISCOUNT_REASON_NAME_MAX} characters`)
    .check(singleLine('The reason')),
});

export type DiscountReasonInput = z.input<typeof discountReasonInputSchema>;

export const discountReasonsResponseSchema = successResponseSchema(z.array(discountReasonSchema));
export const discountReasonResponseSchema = successResponseSchema(discountReasonSchema);

const reasonRequired = 'Choose a reason for the discount';

/**
 * POST /api/sessions/{id}/discounts: a discount or comp on an open bill. `orderItemId` names the
 * line (absent: the whole bill; a comp always names a line). A percentage is 0.01–100 (two
 * decimals at most), an amount is in the restaurant's currency.
 */
export const applyDiscountInputSchema = z
  .object({
    kind: z.enum(DISCOUNT_KINDS, { error: 'kind must be percent, amount or comp' }),
    orderItemId: z.uuid({ error: 'orderItemId must be a valid identifier' }).nullish(),
    percent: z
      .number({ error: 'percent must be a number' })
      .gt(0, 'percent must be more than 0')
      .max(100, 'percent must be at most 100')
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
        error: 'percent has at most two decimals',
      })
      .optional(),
    amount: z
      .number({ error: 'amount must be a number' })
      .gt(0, 'amount must be more than 0')
      .max(1_000_000, 'amount is too large')
      .refine((a) => Math.abs(a * 100 - Math.round(a * 100)) < 1e-6, {
        error: 'amount has at most two decimals',
      })
      .optional(),
    reasonId: z.uuid({ error: reasonRequired }),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.percent === undefined) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Give the percentage' });
    }
    if (input.kind === 'amount' && input.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Give the amount' });
    }
    if (input.kind !== 'percent' && input.percent !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'percent is for a percentage' });
    }
    if (input.kind !== 'amount' && input.amount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount is for an amount' });
    }
    if (input.kind === 'comp' && !input.orderItemId) {
      ctx.addIssue({ code: 'custom', path: ['orderItemId'], message: 'A comp is on one line' });
    }
  });

export type ApplyDiscountInput = z.input<typeof applyDiscountInputSchema>;

/**
 * A discount on a bill as staff see it: what it is, on what, why, by whom, and what it takes off
 * in both currencies (at menu prices, and off what the guest pays, tax and service charge in).
 */
export const billDiscountSchema = z.object({
  id: z.string(),
  scope: z.enum(DISCOUNT_SCOPES),
  kind: z.enum(DISCOUNT_KINDS),
  /** Percent (12.5), for a percentage. */
  percent: z.number().nullable(),
  /** The line's id and its name, for a line discount or a comp. */
  orderItemId: z.string().nullable(),
  lineName: z.string().nullable(),
  /** "10% off the bill", "On the house". */
  label: z.string(),
  reason: z.string(),
  /** Who gave it (their name then). */
  by: z.string().nullable(),
  createdAt: z.string(),
  /** What it takes off the lines, at menu prices. */
  amount: dualPriceSchema,
  /** What it takes off what the guest pays (tax and service charge included). */
  total: dualPriceSchema,
});

export type BillDiscount = z.infer<typeof billDiscountSchema>;

/** The same for the guest's page: who gave it stays with staff. */
export const guestBillDiscountSchema = billDiscountSchema.omit({ by: true });

export type GuestBillDiscount = z.infer<typeof guestBillDiscountSchema>;

/** After a discount is given or taken back: it, and the bill now. */
export const discountResultSchema = z.object({
  discount: billDiscountSchema,
  sessionId: z.string(),
  currency: z.enum(CURRENCIES),
  /** What the table pays now, in the restaurant's currency. */
  billTotal: z.number(),
  /** Every discount still on the bill. */
  discounts: z.array(billDiscountSchema),
});

export type DiscountResult = z.infer<typeof discountResultSchema>;

export const discountResultResponseSchema = successResponseSchema(discountResultSchema);

/** A member of staff's limit for one discount: null for no limit. */
export const discountLimitSchema = z.object({
  /** Percent (15 for 15%). */
  maxPercent: z.number().nullable(),
  /** In the restaurant's currency. */
  maxAmount: z.number().nullable(),
});

export type DiscountLimitView = z.infer<typeof discountLimitSchema>;

/** PUT /api/staff/{id}/discount-limit: the whole limit (an absent or null field: no limit). */
export const discountLimitInputSchema = z.object({
  maxPercent: z
    .number({ error: 'maxPercent must be a number' })
    .min(0, 'maxPercent must be at least 0')
    .max(100, 'maxPercent must be at most 100')
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
      error: 'maxPercent has at most two decimals',
    })
    .nullable()
    .default(null),
  maxAmount: z
    .number({ error: 'maxAmount must be a number' })
    .min(0, 'maxAmount must be at least 0')
    .max(1_000_000, 'maxAmount is too large')
    .refine((a) => Math.abs(a * 100 - Math.round(a * 100)) < 1e-6, {
      error: 'maxAmount has at most two decimals',
    })
    .nullable()
    .default(null),
});

export type DiscountLimitInput = z.input<typeof discountLimitInputSchema>;

export const discountLimitResponseSchema = successResponseSchema(
  discountLimitSchema.extend({ userId: z.string() }),
);
