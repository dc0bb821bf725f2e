import net from 'node:net';

/**
 * A raw TCP conversation with a device on the restaurant's network (a printer's port 9100):
 * connect with a time limit, write bytes and wait until the kernel took them, read the bytes
 * the device answers one request at a time. Knows nothing of printers; modules/printers speaks
 * the printer's language over it. The only place the server opens a TCP connection of its own
 * besides its database, Redis and mail clients (outbound-only.test.ts).
 */
export class RawTcpError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'closed' | 'error',
    message: string,
  ) {
    super(message);
  }
}

export interface RawTcpSession {
  /** Writes and resolves once the bytes left this process (or rejects if the socket broke). */
  write(bytes: Uint8Array): Promise<void>;
  /** The next `count` bytes the device sends, within `timeoutMs`. */
  read(count: number, timeoutMs: number): Promise<Buffer>;
  /** Ends the conversation: a graceful end, then destroyed. */
  close(): Promise<void>;
}

export async function openRawTcp(
  host: string,
  port: number,
  connectTimeoutMs: number,
): Promise<RawTcpSession> {
  const socket = net.createConnection({ host, port });
  socket.setNoDelay(true);
  let received = Buffer.alloc(0);
  let failure: RawTcpError | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    notify();
  });
  socket.on('error', (err: NodeJS.ErrnoException) => {
    failure ??=
      err.code === 'ECONNREFUSED'
        ? new RawTcpError('refused', `Connection refused by ${host}:${port}`)
        : new RawTcpError('error', `${err.code ?? 'Error'}: ${err.message}`);
    notify();
  });
  socket.on('close', () => {
    failure ??= new RawTcpError('closed', `Connection to ${host}:${port} closed`);
    notify();
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new RawTcpError(
          'timeout',
          `No connection to ${host}:${port} within ${connectTimeoutMs} ms`,
        ),
      );
    }, connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', () => {
      clearTimeout(timer);
      reject(failure ?? new RawTcpError('error', `No connection to ${host}:${port}`));
    });
  });

  return {
    write: (bytes) =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        socket.write(bytes, (err) => (err ? reject(failure ?? err) : resolve()));
      }),
    async read(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (failure) throw failure;
        const left = deadline - Date.now();
        if (left <= 0) throw new RawTcpError('timeout', `No answer within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const bytes = received.subarray(0, count);
      received = received.subarray(count);
      return bytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) return resolve();
        const timer = setTimeout(() => {
          socket.destroy();
          resolve();
        }, 1000);
        socket.end(() => {
          clearTimeout(timer);
          socket.destroy();
          resolve();
        });
      }),
  };
}
