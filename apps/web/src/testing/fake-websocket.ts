import {
  WS_READY,
  type EventDataOf,
  type EventType,
  type ServerEventMessage,
} from '@tavola/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for the browser's WebSocket (the network boundary): each `new WebSocket(url)` the app
 * makes is recorded, and the test plays the server's side (open, push events, drop the line).
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  /** The query parameters the client connected with (token, tableToken, lastSeq, ...). */
  get params(): URLSearchParams {
    return new URL(this.url).searchParams;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN)
      throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  // The server's side.
  /** Accepts the connection and, like the server once it has attached the socket, says `ready`. */
  serverOpen({ ready = true } = {}): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
    if (ready) this.serverSend(JSON.stringify({ type: WS_READY, data: {} }));
  }

  serverSend(message: ServerEventMessage | string): void {
    act(() => {
      this.onmessage?.(
        new MessageEvent('message', {
          data: typeof message === 'string' ? message : JSON.stringify(message),
        }),
      );
    });
  }

  serverClose(code = 1006, reason = ''): void {
    act(() => this.close(code, reason));
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  static install(): void {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  }
}

let seq = 0;

/**
 * A server event as the socket delivers it, numbered in order; its data is typed by the contract's
 * schema for that event type, so a test cannot send what the server would not.
 */
export function serverEvent<K extends EventType>(
  type: K,
  data: EventDataOf[K],
  overrides: Partial<Omit<ServerEventMessage, 'type' | 'data'>> = {},
): ServerEventMessage {
  seq += 1;
  return {
    type,
    data,
    timestamp: new Date().toISOString(),
    userId: null,
    restaurantId: 'r1',
    seq,
    ...overrides,
  };
}
