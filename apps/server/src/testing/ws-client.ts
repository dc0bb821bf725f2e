import { randomUUID } from 'node:crypto';
import { WS_FIGURES, WS_PONG, WS_READY } from '@tavola/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface ReceivedMessage {
  type: string;
  data: Record<string, unknown>;
  seq: number;
  restaurantId: string;
}

/**
 * A real WebSocket client that records the events it receives, for tests. The server's control
 * frames are kept apart: `ready` (attached, caught up) and `pong` (answers `fence()`).
 */
export class TestSocket {
  readonly messages: ReceivedMessage[] = [];
  ready = false;
  /** How many `figures` frames arrived (the team's: the console's figures changed). */
  figures = 0;
  /** How many events had arrived when `ready` did (a replay comes before it). */
  eventsBeforeReady = -1;
  private readonly pongs = new Set<string>();
  closeCode: number | null = null;
  closeReason = '';
  private readonly closed: Promise<void>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      try {
        const message = JSON.parse(raw.toString()) as ReceivedMessage;
        if (message.type === WS_READY) {
          this.ready = true;
          this.eventsBeforeReady = this.messages.length;
        } else if (message.type === WS_PONG) this.pongs.add(String(message.data?.id));
        else if (message.type === WS_FIGURES) this.figures += 1;
        else this.messages.push(message);
      } catch {
        // Not JSON: not ours.
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code: number, reason: Buffer) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        for (const w of this.waiters.splice(0)) w();
        resolve();
      });
    });
    ws.on('error', () => undefined);
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Waits until `predicate` holds for the received messages, or fails after `ms`. */
  async waitFor(predicate: (m: ReceivedMessage[]) => boolean, ms = 3000): Promise<void> {
    await this.until(() => predicate(this.messages), ms);
  }

  /** Waits until at least `count` `figures` frames have arrived. */
  async waitForFigures(count: number, ms = 3000): Promise<void> {
    await this.until(() => this.figures >= count, ms);
  }

  /** Waits for the server's `ready`: from now on every committed event it may see reaches it. */
  async waitReady(ms = 3000): Promise<void> {
    await this.until(() => this.ready, ms);
  }

  /**
   * Waits until everything the server sent before now has arrived: a `ping` whose `pong` comes
   * back after it. An event published by a request that has returned (in this process) is
   * already on its way, so after the fence a test may assert that something did NOT arrive.
   */
  async fence(ms = 3000): Promise<void> {
    const id = randomUUID();
    this.send(JSON.stringify({ type: 'ping', data: { id } }));
    await this.until(() => this.pongs.has(id), ms);
  }

  private async until(done: () => boolean, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      // A closed socket receives nothing more: say so at once instead of timing out.
      if (this.closeCode !== null) {
        throw new Error(
          `the socket closed (${this.closeCode} ${this.closeReason}); received ${JSON.stringify(this.messages.map((m) => [m.seq, m.type]))}`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out; received ${JSON.stringify(this.messages.map((m) => [m.seq, m.type]))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(ms = 3000): Promise<void> {
    await Promise.race([
      this.closed,
      new Promise<void>((_, reject) =>
        setTimeout(() => reject(new Error('socket did not close')), ms),
      ),
    ]);
  }

  /** Whether the server is still holding the socket open: it still answers a ping. */
  async stillOpen(): Promise<boolean> {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    try {
      await this.fence();
    } catch {
      return false;
    }
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  close(): void {
    this.ws.close();
  }
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return address.replace(/^http/, 'ws');
}

/**
 * Waits until the server's hub holds `count` sockets: each has been identified and attached (its
 * replay done), so an event committed from now on reaches it. Instead of sleeping after a connect.
 */
export async function waitForAttached(app: FastifyInstance, count: number, ms = 3000) {
  const deadline = Date.now() + ms;
  while (app.realtime.size < count) {
    if (Date.now() > deadline) {
      throw new Error(`the hub holds ${app.realtime.size} sockets, expected ${count}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}
