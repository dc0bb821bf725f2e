import {
  EVENT_TYPES,
  type EventDataOf,
  type EventType,
  type ServerEventMessage,
} from '@tavola/contract';

/** One delivered event of type `K`, its data typed by the contract's schema for that type. */
export type LiveEventOf<K extends EventType> = Omit<ServerEventMessage, 'type' | 'data'> & {
  type: K;
  data: EventDataOf[K];
  /** A simulated event of the demo restaurant (spec §4), never a real one. */
  demo?: boolean;
};

/** Every event a staff screen can receive: a union discriminated by `type`. */
export type LiveEvent = { [K in EventType]: LiveEventOf<K> }[EventType];

const KNOWN = new Set<string>(EVENT_TYPES);

/**
 * The socket's boundary: a message of a type the contract defines is read as that type (the server
 * builds every payload through the contract's schemas, and a server test parses them all); any other
 * type is not an event this client knows, and is dropped.
 */
export function toLiveEvent(message: ServerEventMessage): LiveEvent | null {
  return KNOWN.has(message.type) ? (message as LiveEvent) : null;
}

/** Narrows an event to one of the given types. */
export function isEventOf<K extends EventType>(
  event: LiveEvent,
  ...types: K[]
): event is Extract<LiveEvent, { type: K }> {
  return (types as string[]).includes(event.type);
}
