import type { PrinterCommandSet, PrinterStatus } from '@tavola/contract';
import { openRawTcp, RawTcpError, type RawTcpSession } from '../../core/net/raw-tcp.js';

/** How long a printer may take to accept the connection (an unplugged one never answers). */
export const CONNECT_TIMEOUT_MS = 3000;
/** How long a printer may take to answer a status request (it answers at once, even offline). */
export const STATUS_TIMEOUT_MS = 2000;

/** Where the bytes go, and how the printer reports its state. */
export interface PrinterTarget {
  host: string;
  port: number;
  commandSet: PrinterCommandSet;
}

export type PrintOutcome =
  | { ok: true; status: 'online' }
  | { ok: false; status: Exclude<PrinterStatus, 'online' | 'unknown'>; error: string };

const DLE = 0x10;
const EOT = 0x04;

/**
 * Epson's real-time status (DLE EOT n, answered with one byte as soon as it arrives, even while
 * the printer is off-line or its buffer is full):
 * - n = 1, printer status: bit 3 set means off-line;
 * - n = 2, off-line cause: bit 2 cover open, bit 5 printing stopped at paper end, bit 6 an error;
 * - n = 4, roll paper sensor: bits 5 and 6 set mean the paper has run out.
 * Bits 1 and 4 are fixed on and bit 7 off in every answer: an answer without them is not a
 * status byte at all.
 */
export const EPSON_STATUS = {
  offline: 0x08,
  coverOpen: 0x04,
  paperEndStop: 0x20,
  error: 0x40,
  paperEnd: 0x60,
} as const;

function isStatusByte(b: number): boolean {
  return (b & 0x93) === 0x12;
}

async function askStatus(session: RawTcpSession, n: 1 | 2 | 4): Promise<number> {
  await session.write(Uint8Array.of(DLE, EOT, n));
  const [b] = await session.read(1, STATUS_TIMEOUT_MS);
  if (b === undefined || !isStatusByte(b)) {
    throw new RawTcpError('error', `Not a status answer to DLE EOT ${n}: ${b ?? 'nothing'}`);
  }
  return b;
}

/** What an Epson printer says of itself: null when it is ready, else why not. */
async function epsonProblem(
  session: RawTcpSession,
): Promise<Exclude<PrintOutcome, { ok: true }> | null> {
  const paper = await askStatus(session, 4);
  if ((paper & EPSON_STATUS.paperEnd) === EPSON_STATUS.paperEnd) {
    return { ok: false, status: 'paper_out', error: 'Paper out' };
  }
  const printer = await askStatus(session, 1);
  if (!(printer & EPSON_STATUS.offline)) return null;
  const cause = await askStatus(session, 2);
  if (cause & EPSON_STATUS.coverOpen)
    return { ok: false, status: 'cover_open', error: 'Cover open' };
  if (cause & EPSON_STATUS.paperEndStop)
    return { ok: false, status: 'paper_out', error: 'Paper out' };
  return {
    ok: false,
    status: 'offline',
    error: cause & EPSON_STATUS.error ? 'Printer error' : 'Printer off-line',
  };
}

function failure(err: unknown): Exclude<PrintOutcome, { ok: true }> {
  const message = err instanceof Error ? err.message : String(err);
  return { ok: false, status: 'offline', error: message.slice(0, 300) };
}

/**
 * Sends one job: asks the printer's state first (a printer out of paper or with its cover open
 * is not sent the job), writes every byte, then asks again, so a job counts as printed only
 * once the printer took all of it and still reports nothing wrong. A Star printer in Star Line
 * mode has no DLE EOT: for it, the connection taking every byte is all there is to know.
 * `bytes` empty: only the state is read (a health check).
 */
export async function sendToPrinter(
  target: PrinterTarget,
  bytes: Uint8Array,
): Promise<PrintOutcome> {
  let session: RawTcpSession;
  try {
    session = await openRawTcp(target.host, target.port, CONNECT_TIMEOUT_MS);
  } catch (err) {
    return failure(err);
  }
  try {
    const epson = target.commandSet === 'epson';
    if (epson) {
      const before = await epsonProblem(session);
      if (before) return before;
    }
    if (bytes.length > 0) await session.write(bytes);
    if (epson) {
      const after = await epsonProblem(session);
      if (after) return after;
    }
    return { ok: true, status: 'online' };
  } catch (err) {
    return failure(err);
  } finally {
    await session.close();
  }
}
