import {
  isEventType,
  isPlatformEventType,
  type DomainEventOf,
  type EventType,
  type PlatformEvent,
  type ServerEventMessage,
} from '@tavola/contract';

/**
 * One delivered event of type `K`: the contract's stored event (its data typed by that type's
 * schema) as the socket sends it, which leaves out the table it concerns.
 */
export type LiveEventOf<K extends EventType> = Omit<DomainEventOf<K>, 'tableId'> & {
  /** A simulated event of the demo restaurant, never a real one. */
  demo?: boolean;
};

/** Every event a staff screen can receive: a union discriminated by `type`. */
export type LiveEvent = { [K in EventType]: LiveEventOf<K> }[EventType];

/**
 * The socket's boundary: a message of a type the contract defines is read as that type (the server
 * builds every payload through the contract's schemas, and a server test parses them all); any other
 * type is not an event this client knows, and is dropped.
 */
export function toLiveEvent(message: ServerEventMessage): LiveEvent | null {
  return isEventType(message.type) ? (message as LiveEvent) : null;
}

/**
 * A platform event (a restaurant created, signed up, suspended, activated): only the platform
 * team's socket receives them, and they only make notifications.
 */
export type PlatformLiveEvent = PlatformEvent & { demo?: undefined };

/** What a notification in the bell can be about: a restaurant's event or a platform event. */
export type NotifiedEvent = LiveEvent | PlatformLiveEvent;

/** The socket's boundary for the team: a platform event of a type the contract defines, or null. */
export function toPlatformLiveEvent(message: { type: string }): PlatformLiveEvent | null {
  return isPlatformEventType(message.type) ? (message as unknown as PlatformLiveEvent) : null;
}
