import net from 'node:net';

/**
 * A raw TCP conversation with a device on the restaurant's network (a printer's port 9100):
 * connect with a time limit, write bytes and wait until the kernel took them, read the bytes
 * the device answers one request at a time. Knows nothing of printers; printer.js speaks the
 * printer's language over it. The agent uses it directly; the server only through its
 * core/net/raw-tcp.ts (the one place its outbound connections leave from).
 */
export class RawTcpError extends Error {
  /**
   * @param {'refused' | 'timeout' | 'closed' | 'error'} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

export async function openRawTcp(host, port, connectTimeoutMs) {
  const socket = net.createConnection({ host, port });
  socket.setNoDelay(true);
  let received = Buffer.alloc(0);
  let failure = null;
  let wake = null;
  const notify = () => {
    const w = wake;
    wake = null;
    if (w) w();
  };
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    notify();
  });
  socket.on('error', (err) => {
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

  await new Promise((resolve, reject) => {
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
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        socket.write(bytes, (err) => (err ? reject(failure ?? err) : resolve()));
      }),
    async read(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (failure) throw failure;
        const left = deadline - Date.now();
        if (left <= 0) throw new RawTcpError('timeout', `No answer within ${timeoutMs} ms`);
        await new Promise((resolve) => {
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
      new Promise((resolve) => {
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
