/** Support tickets between restaurants and the team. */
import { SUPPORT_TICKET_STATUSES } from '@tavola/contract';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

/** A restaurant's support ticket to the Tavola team. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    /** The admin or manager who opened it. */
    openedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    status: text({ enum: SUPPORT_TICKET_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    /** The latest message or status change. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_restaurant_idx').on(t.restaurantId, t.updatedAt),
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
  ],
);

/** A message on a support ticket: the restaurant's (the first one opens it) or the team's. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    restaurantId: tenantId(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as it was when they wrote (kept if the account goes). */
    authorName: text().notNull(),
    fromTeam: boolean().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
