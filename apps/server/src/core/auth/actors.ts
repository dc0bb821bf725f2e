import type { User } from '@tavola/contract';
import type { FastifyRequest } from 'fastify';
import { requireAuth, requireRestaurantId } from './plugin.js';
import { refuse } from '../http/errors.js';

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
 * The server itself, acting for a restaurant on a schedule (an idle table's session ending): its
 * audit entries and events name no staff member.
 */
export interface SystemActor {
  kind: 'system';
  restaurantId: string;
}

/**
 * A member of the Tavola team acting on one restaurant from the platform console (onboarding it,
 * suspending or activating it). The restaurant is the one the change is about: its audit log
 * records who on the team did it.
 */
export interface PlatformActor {
  kind: 'platform';
  restaurantId: string;
  user: User;
  authSessionId: string;
}

/**
 * An integration calling the public API with one of the restaurant's API keys. It is nobody:
 * its changes are audited as the key (`by: api_key`, with the key's id and name), never as the
 * person who created it.
 */
export interface ApiKeyActor {
  kind: 'api_key';
  restaurantId: string;
  apiKeyId: string;
  apiKeyName: string;
}

/**
 * Who is changing things. Services take an actor rather than loose user and restaurant
 * arguments: the restaurant always comes from the actor, so no call can name another one.
 */
export type Actor = StaffActor | GuestActor | SystemActor | PlatformActor | ApiKeyActor;

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

/** A signed-in member of the platform team (no restaurant), before they act on one. */
export type TeamMember = Pick<PlatformActor, 'user' | 'authSessionId'>;

/**
 * The team member behind an authenticated platform call (403 for any restaurant account; the
 * route's `manage_platform` guard has already refused them).
 */
export function teamMember(request: FastifyRequest): TeamMember {
  const auth = requireAuth(request);
  if (auth.user.role !== 'team' || auth.restaurantId !== null) throw refuse('PERMISSION_DENIED');
  return { user: auth.user, authSessionId: auth.sessionId };
}

/** The team member acting on one restaurant. */
export function platformActor(member: TeamMember, restaurantId: string): PlatformActor {
  return { kind: 'platform', restaurantId, ...member };
}

export function systemActor(restaurantId: string): SystemActor {
  return { kind: 'system', restaurantId };
}

/**
 * The person behind an actor, for `user_id` columns: the staff or team member (null for a guest
 * or the system).
 */
export function actorUserId(actor: Actor): string | null {
  return actor.kind === 'staff' || actor.kind === 'platform' ? actor.user.id : null;
}
