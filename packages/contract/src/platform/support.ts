import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { multiLine, singleLine } from '../common/text.js';
import { refusalText } from '../i18n/messages.js';

/**
 * Support tickets: a restaurant's admin or manager opens one from the Help
 * entry of their dashboard; the team answers from the Support tab and moves it from open to in
 * progress to resolved; the restaurant sees the answers. Live both ways.
 */

export const SUPPORT_TICKET_STATUSES = ['open', 'in_progress', 'resolved'] as const;

export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

export const SUPPORT_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
};

/**
 * Tickets still open or in progress that one restaurant may have at once: more is an add to one
 * of them. Counted together with the hourly number under the restaurant's own lock, so parallel
 * requests cannot pass either.
 */
export const SUPPORT_OPEN_TICKETS_MAX = 5;

/** Tickets one restaurant may open within an hour, resolved ones included. */
export const SUPPORT_TICKETS_PER_HOUR = 10;

/** The answer (409) when a restaurant already has the most open tickets. */
export const SUPPORT_TOO_MANY_OPEN = `This restaurant already has ${SUPPORT_OPEN_TICKETS_MAX} open support tickets. Please write on one of them, or wait until one is resolved.`;

/** The answer (429) when a restaurant opened the most tickets this hour. */
export const SUPPORT_TOO_MANY_PER_HOUR = refusalText('SUPPORT_TOO_MANY_PER_HOUR', {
  max: SUPPORT_TICKETS_PER_HOUR,
});

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;

const subject = z
  .string({ error: 'Subject is required' })
  .trim()
  .min(3, 'Subject must be at least 3 characters')
  .max(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`)
  .check(singleLine('Subject'));

const message = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`)
  .check(multiLine('Message'));

const status = z.enum(SUPPORT_TICKET_STATUSES, {
  error: 'Status must be open, in_progress or resolved',
});

/** POST /api/support/tickets: the restaurant opens a ticket. */
export const supportTicketCreateSchema = z.object({ subject, message });

export type SupportTicketCreateInput = z.input<typeof supportTicketCreateSchema>;

/** POST …/tickets/:id/messages: a reply (the team may move the ticket's status with it). */
export const supportMessageCreateSchema = z.object({ message });

export const supportReplySchema = z.object({ message, status: status.optional() });

export type SupportReplyInput = z.input<typeof supportReplySchema>;

/** PUT /api/platform/support/tickets/:id/status */
export const supportStatusChangeSchema = z.object({ status });

export const supportMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** Written by the Tavola team (else by the restaurant). */
  fromTeam: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
});

export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportTicketSchema = z.object({
  id: z.string(),
  restaurant: z.object({ id: z.string(), name: z.string() }),
  subject: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  openedBy: z.object({ name: z.string(), role: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the latest message is the team's (an answer the restaurant has). */
  answered: z.boolean(),
  messages: z.array(supportMessageSchema),
});

export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportCountsSchema = z.object({
  open: z.number().int(),
  in_progress: z.number().int(),
  resolved: z.number().int(),
});

export type SupportCounts = z.infer<typeof supportCountsSchema>;

/** GET /api/support/tickets (the restaurant's own) and GET /api/platform/support/tickets (all). */
export const supportTicketListSchema = z.object({
  counts: supportCountsSchema,
  tickets: z.array(supportTicketSchema),
});

export type SupportTicketList = z.infer<typeof supportTicketListSchema>;

export const supportTicketListResponseSchema = successResponseSchema(supportTicketListSchema);

export const supportTicketResponseSchema = successResponseSchema(supportTicketSchema);

/** The team's list: by status, newest activity first. */
export const supportTicketListQuerySchema = z.object({
  status: status.optional(),
});
