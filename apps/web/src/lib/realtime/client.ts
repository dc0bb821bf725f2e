import { WS_FIGURES, WS_READY, type ServerEventMessage } from '@tavola/contract';

/** `connected` once the server says the socket is attached and caught up (its `ready` frame). */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface RealtimeOptions {
  /** Query parameters identifying the client (staff token and ids, or a guest's table token). */
  params: Record<string, string>;
  /** Called once the server refuses the client for good (bad token, another restaurant). */
  onRefused?: (code: number, reason: string) => void;
}

type EventHandler = (event: ServerEventMessage) => void;
type StateHandler = (state: ConnectionState) => void;

const MAX_BACKOFF_MS = 30_000;

function isEventMessage(value: unknown): value is ServerEventMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { seq?: unknown }).seq === 'number'
  );
}

/**
 * One WebSocket to /ws that reconnects with exponential backoff and resumes from the last event
 * number it saw, so a dropped connection loses nothing.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private lastSeq: number | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private state: ConnectionState = 'connecting';
  private readonly eventHandlers = new Set<EventHandler>();
  private readonly stateHandlers = new Set<StateHandler>();
  private readonly figuresHandlers = new Set<() => void>();

  constructor(private readonly options: RealtimeOptions) {}

  get connectionState(): ConnectionState {
    return this.state;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000, 'Client closed');
    this.socket = null;
    this.setState('closed');
  }

  onEvent(handler: EventHandler): () => void {
    this.eventHandlers.add(handler);
    return () => this.eventHandlers.delete(handler);
  }

  /** The platform team's socket: the console's figures changed (a frame, not an event). */
  onFigures(handler: () => void): () => void {
    this.figuresHandlers.add(handler);
    return () => this.figuresHandlers.delete(handler);
  }

  onState(handler: StateHandler): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  /** A send while not connected warns and drops the event. */
  send(message: { type: string; data?: Record<string, unknown> }): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) {
      console.warn('Real-time connection not open; event dropped', message.type);
      return false;
    }
    const { userId = '', restaurantId = '' } = this.options.params;
    this.socket.send(
      JSON.stringify({ ...message, timestamp: new Date().toISOString(), userId, restaurantId }),
    );
    return true;
  }

  private url(): string {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const params = new URLSearchParams(this.options.params);
    if (this.lastSeq !== null) params.set('lastSeq', String(this.lastSeq));
    return `${scheme}://${location.host}/ws?${params.toString()}`;
  }

  private open(): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      // On open the client announces user_joined.
      if (this.options.params.userId) {
        this.send({
          type: 'user_joined',
          data: {
            userId: this.options.params.userId,
            role: this.options.params.role ?? '',
            restaurantId: this.options.params.restaurantId ?? '',
          },
        });
      }
    };
    socket.onmessage = (message) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        console.warn('Invalid real-time message ignored');
        return;
      }
      if ((parsed as { type?: unknown }).type === WS_READY) {
        this.setState('connected');
        return;
      }
      if ((parsed as { type?: unknown }).type === WS_FIGURES) {
        for (const handler of this.figuresHandlers) handler();
        return;
      }
      if (!isEventMessage(parsed)) {
        console.warn('Invalid real-time message ignored');
        return;
      }
      // A new server numbering (fresh database) starts again from below what we saw.
      if (this.lastSeq === null || parsed.seq > this.lastSeq) this.lastSeq = parsed.seq;
      for (const handler of this.eventHandlers) handler(parsed);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      // 44xx: the server refused this client; trying again will not help.
      if (event.code >= 4400 && event.code < 4500) {
        this.setState('closed');
        this.options.onRefused?.(event.code, event.reason);
        return;
      }
      this.setState('reconnecting');
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    // For tests and support: the page says whether live updates are flowing.
    document.documentElement.dataset.realtime = state;
    for (const handler of this.stateHandlers) handler(state);
  }
}
