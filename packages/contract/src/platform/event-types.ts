import type { z } from 'zod';
import type { PLATFORM_EVENT_DATA } from './events.js';

/**
 * What happens on the platform, for the team's bell: stored apart from restaurants'
 * own events, numbered across the platform, and delivered only to the team's sockets. A
 * restaurant's staff never receive them. (Zod-free: the web's realtime code reads this file.)
 */
export const PLATFORM_EVENT_TYPES = [
  'restaurant_created',
  'restaurant_signed_up',
  'restaurant_suspended',
  'restaurant_activated',
  // A trial restaurant's free trial ends within 7 days (announced once per trial end).
  'trial_ending',
  // Support: a restaurant opened a ticket or wrote again; the team answered.
  'support_ticket_opened',
  'support_ticket_replied',
  'support_ticket_answered',
  // The team changed the platform's settings (brand, trial, maintenance...).
  'platform_settings_updated',
] as const;

export type PlatformEventType = (typeof PLATFORM_EVENT_TYPES)[number];

export type PlatformEventDataOf = {
  [K in PlatformEventType]: z.infer<(typeof PLATFORM_EVENT_DATA)[K]>;
};

/** A platform event to record: its type with that type's data, about one restaurant. */
export type PlatformEventInput = {
  [K in PlatformEventType]: { type: K; data: PlatformEventDataOf[K]; restaurantId: string | null };
}[PlatformEventType];

/** A platform event as stored and sent to the team (the socket's message shape, with `seq`). */
export type PlatformEvent = {
  [K in PlatformEventType]: {
    /** Numbered across the platform, in commit order, for resume. */
    seq: number;
    type: K;
    data: PlatformEventDataOf[K];
    timestamp: string;
    userId: string | null;
    restaurantId: string | null;
  };
}[PlatformEventType];

export function isPlatformEventType(type: string): type is PlatformEventType {
  return (PLATFORM_EVENT_TYPES as readonly string[]).includes(type);
}
