import { z } from 'zod';

/** How a payer splits a bill (decision 0013): the schema guests and staff send. */
const positiveInt = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

const amount = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(100_000, `${name} is too large`);

export const paySplitSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('items'),
      lines: z
        .array(
          z.object({
            lineId: z.uuid('lineId must be a line of the bill'),
            quantity: positiveInt('quantity', 99),
          }),
        )
        .min(1, 'choose at least one line')
        .max(200, 'too many lines'),
    }),
    z.object({
      kind: z.literal('share'),
      lineId: z.uuid('lineId must be a line of the bill'),
      shares: positiveInt('shares', 50),
    }),
    z.object({ kind: z.literal('equal'), parts: positiveInt('parts', 50) }),
    z.object({
      kind: z.literal('amount'),
      amount: amount('amount').refine((a) => a > 0, 'amount must be greater than zero'),
    }),
  ],
  { error: 'split must be all, items, share, equal or amount' },
);

export type PaySplitInput = z.infer<typeof paySplitSchema>;
