import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { STATION_KINDS, STATION_SLUG_PATTERN } from '../menu/categories.js';

/** A station's slug, wherever a station is named (tickets, lines, menu routing, events). */
export const stationSlugSchema = z
  .string()
  .regex(STATION_SLUG_PATTERN, { error: 'station must be a lowercase slug (e.g. grill)' });

/** How long a ticket may take before it is overdue, when its items give no estimate. */
export const STATION_TICKET_MINUTES_MAX = 480;

/** A station as the manager's Stations tab, the displays and the expo read it. */
export const stationSchema = z.object({
  id: z.string(),
  slug: stationSlugSchema,
  name: z.string(),
  /** Which staff role works its display (kitchen cooks or the bar). */
  kind: z.enum(STATION_KINDS),
  displayOrder: z.number().int(),
  active: z.boolean(),
  /** The estimate of a ticket whose items give none; null for the station's default. */
  ticketMinutes: z.number().int().nullable(),
  /** Kitchen and bar: always there, never deactivated (their screens are /kitchen and /bar). */
  builtIn: z.boolean(),
});

export type StationRow = z.infer<typeof stationSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Station name is required' })
  .max(40, { error: 'Station name is at most 40 characters' });

const ticketMinutesSchema = z
  .number()
  .int()
  .min(1, { error: 'ticketMinutes must be between 1 and 480' })
  .max(STATION_TICKET_MINUTES_MAX, { error: 'ticketMinutes must be between 1 and 480' })
  .nullable();

/** POST /api/stations. */
export const createStationInputSchema = z.object({
  slug: stationSlugSchema,
  name: nameSchema,
  kind: z.enum(STATION_KINDS, { error: 'kind must be kitchen or bar' }).default('kitchen'),
  displayOrder: z.number().int().min(0).max(999).optional(),
  ticketMinutes: ticketMinutesSchema.optional(),
});

export type CreateStationInput = z.input<typeof createStationInputSchema>;

/** PUT /api/stations/{id}: what changes (a slug never does: tickets and routing name it). */
export const updateStationInputSchema = z.object({
  name: nameSchema.optional(),
  kind: z.enum(STATION_KINDS, { error: 'kind must be kitchen or bar' }).optional(),
  displayOrder: z.number().int().min(0).max(999).optional(),
  active: z.boolean().optional(),
  ticketMinutes: ticketMinutesSchema.optional(),
});

export type UpdateStationInput = z.infer<typeof updateStationInputSchema>;

export const stationListResponseSchema = successResponseSchema(z.array(stationSchema));
export const stationResponseSchema = successResponseSchema(stationSchema);
