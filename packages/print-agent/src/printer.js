import net from 'node:net';

/** How long a printer may take to accept the connection, and to answer a status request. */
export const CONNECT_TIMEOUT_MS = 3000;
export const STATUS_TIMEOUT_MS = 2000;

/**
 * A raw TCP conversation with a printer (port 9100): connect within a limit, write, read the
 * bytes it answers one request at a time.
 */
async function open(host, port) {
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
    failure ??= new Error(
      err.code === 'ECONNREFUSED'
        ? `Connection refused by ${host}:${port}`
        : `${err.code ?? 'Error'}: ${err.message}`,
    );
    notify();
  });
  socket.on('close', () => {
    failure ??= new Error(`Connection to ${host}:${port} closed`);
    notify();
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No connection to ${host}:${port} within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', () => {
      clearTimeout(timer);
      reject(failure ?? new Error(`No connection to ${host}:${port}`));
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
        if (left <= 0) throw new Error(`No answer within ${timeoutMs} ms`);
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

// Epson's real-time status (DLE EOT n): n=4 bits 5-6 paper end; n=1 bit 3 off-line, then n=2
// for the cause: bit 2 cover open, bit 5 stopped at paper end, bit 6 an error. Bits 1 and 4 are
// fixed on, bit 7 off, in every answer.
async function ask(session, n) {
  await session.write(Uint8Array.of(0x10, 0x04, n));
  const [b] = await session.read(1, STATUS_TIMEOUT_MS);
  if (b === undefined || (b & 0x93) !== 0x12) {
    throw new Error(`Not a status answer to DLE EOT ${n}: ${b ?? 'nothing'}`);
  }
  return b;
}

async function problem(session) {
  const paper = await ask(session, 4);
  if ((paper & 0x60) === 0x60) return { ok: false, status: 'paper_out', error: 'Paper out' };
  const printer = await ask(session, 1);
  if (!(printer & 0x08)) return null;
  const cause = await ask(session, 2);
  if (cause & 0x04) return { ok: false, status: 'cover_open', error: 'Cover open' };
  if (cause & 0x20) return { ok: false, status: 'paper_out', error: 'Paper out' };
  return {
    ok: false,
    status: 'offline',
    error: cause & 0x40 ? 'Printer error' : 'Printer off-line',
  };
}

/**
 * Sends one job as the server would: the printer's state first, every byte, the state again
 * (Epson); a Star printer is judged by its connection taking every byte. Empty bytes: only the
 * state is asked.
 */
export async function printRaw({ host, port, commandSet }, bytes) {
  let session;
  try {
    session = await open(host, port);
  } catch (err) {
    return { ok: false, status: 'offline', error: String(err.message ?? err).slice(0, 300) };
  }
  try {
    const epson = commandSet === 'epson';
    if (epson) {
      const before = await problem(session);
      if (before) return before;
    }
    if (bytes.length > 0) await session.write(bytes);
    if (epson) {
      const after = await problem(session);
      if (after) return after;
    }
    return { ok: true, status: 'online', error: null };
  } catch (err) {
    return { ok: false, status: 'offline', error: String(err.message ?? err).slice(0, 300) };
  } finally {
    await session.close();
  }
}
