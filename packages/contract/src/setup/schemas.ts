import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';

/** A new restaurant's first steps, in the order an owner takes them. */
export const SETUP_STEPS = ['menu', 'tables', 'staff', 'settings', 'test_order'] as const;

export type SetupStep = (typeof SETUP_STEPS)[number];

/**
 * GET /api/setup/checklist: each step done or not, read from the restaurant's own data (never
 * ticked by hand), with the figures the owner is shown beside them.
 */
export const setupChecklistSchema = z.object({
  steps: z.array(z.object({ id: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** Every step done: the checklist can be put away. */
  complete: z.boolean(),
  /** The owner put the finished checklist away. */
  dismissed: z.boolean(),
  counts: z.object({
    /** Live menu items the restaurant added itself, and sign-up's sample items still on the menu. */
    ownMenuItems: z.number().int(),
    sampleMenuItems: z.number().int(),
    tables: z.number().int(),
    /** Active accounts besides the administrators. */
    staff: z.number().int(),
    orders: z.number().int(),
  }),
});

export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const setupChecklistResponseSchema = successResponseSchema(setupChecklistSchema);
