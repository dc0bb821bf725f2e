import { z } from 'zod';
import { multiLine, singleLine } from '../common/text.js';

export const clientMessageSchema = z.object({
  type: z.string().min(1).max(64),
  data: z.record(z.string(), z.unknown()).optional(),
  timestamp: z.string().max(64).optional(),
  userId: z.string().max(100).optional(),
  restaurantId: z.string().max(100).optional(),
});

export const staffNotificationDataSchema = z.object({
  message: z.string().trim().min(1).max(500).check(multiLine('message')),
});

export const wsStaffQuerySchema = z.object({
  token: z.string().min(1).max(200).check(singleLine('token')),
  userId: z.string().max(100).optional(),
  role: z.string().max(20).optional(),
  restaurantId: z.string().max(100).optional(),
  lastSeq: z.coerce.number().int().min(0).optional(),
});

export const wsGuestQuerySchema = z.object({
  tableToken: z.string().min(1).max(200).check(singleLine('tableToken')),
  lastSeq: z.coerce.number().int().min(0).optional(),
});

/** Why the server closed a live socket whose access was revoked (the close frame's reason). */
export const WS_REVOKED = {
  signedOut: 'You signed out',
  sessionEnded: 'Your session has ended, please sign in again',
  sessionExpired: 'Your session has expired, please sign in again',
  deactivated: 'This account was deactivated',
  roleChanged: 'Your role changed; please sign in again',
  passwordChanged: 'Your password changed; please sign in again',
  tableRetired: 'This table code is no longer valid; scan the code on your table again',
  suspended: 'This restaurant is suspended. Contact Tavola support.',
} as const;

/**
 * Close code for a connection refused because its IP made too many attempts (RFC 6455's
 * "Try Again Later"): unlike the 44xx refusals, a client should reconnect after a pause.
 */
export const WS_TRY_AGAIN_LATER = 1013;

/** A client's `ping` may carry an id, echoed by the `pong`. */
export const pingDataSchema = z.object({ id: z.string().max(64).optional() }).optional();
