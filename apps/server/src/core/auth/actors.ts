import type { User } from '@tavola/contract';
import type { FastifyRequest } from 'fastify';
import { requireAuth, requireRestaurantId } from './plugin.js';

/** A signed-in staff member acting inside their restaurant. */
export interface StaffActor {
  kind: 'staff';
  restaurantId: string;
  user: User;
  /** The sign-in session the call came with (a socket's or a request's). */
  authSessionId: string;
}

/** A guest at a table, known only by the table's code (resolved to the table on the server). */
export interface GuestActor {
  kind: 'guest';
  restaurantId: string;
  tableId: string;
}

/**
 * Who is changing things. Services take an actor rather than loose user and restaurant
 * arguments: the restaurant always comes from the actor, so no call can name another one.
 * (The platform team, API keys and devices join this union when their areas land.)
 */
export type Actor = StaffActor | GuestActor;

/** The staff actor of an authenticated call scoped to a restaurant (403 for a team account). */
export function staffActor(request: FastifyRequest): StaffActor {
  const auth = requireAuth(request);
  return {
    kind: 'staff',
    restaurantId: requireRestaurantId(request),
    user: auth.user,
    authSessionId: auth.sessionId,
  };
}

export function guestActor(table: { id: string; restaurantId: string }): GuestActor {
  return { kind: 'guest', restaurantId: table.restaurantId, tableId: table.id };
}

/** The staff member behind an actor, for `user_id` columns (null for a guest). */
export function actorUserId(actor: Actor): string | null {
  return actor.kind === 'staff' ? actor.user.id : null;
}
