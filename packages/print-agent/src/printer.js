/**
 * The printer's side of a print job, one implementation for the server (direct printing) and
 * the agent (printing on the restaurant's network): ask the printer's state, send the bytes,
 * ask again. It opens no connection itself: the caller hands it `open` (the agent its own TCP
 * client, the server the one in its core/net, where its outbound connections are checked).
 */

/** How long a printer may take to accept the connection (an unplugged one never answers). */
export const CONNECT_TIMEOUT_MS = 3000;
/** How long a printer may take to answer a status request (it answers at once, even offline). */
export const STATUS_TIMEOUT_MS = 2000;

const DLE = 0x10;
const EOT = 0x04;
const ESC = 0x1b;
const ACK = 0x06;
const SOH = 0x01;

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
};

/**
 * Star's Automatic Status Back (ASB), which a Star printer in Star Line mode sends on request
 * (ESC ACK SOH) as well as by itself:
 * - header 1: how many bytes the whole status has, in bits 1-3 (the low three bits of the
 *   count) and bit 5 (its fourth bit); bit 0 is fixed on, bits 4 and 7 off;
 * - header 2: the status' version;
 * - status 1 (byte 3): bit 3 off-line, bit 5 cover open;
 * - status 2 (byte 4): errors: bit 3 auto-cutter, bit 5 unrecoverable, bit 6 head temperature;
 * - status 3 (byte 5): further errors (presenter, paper jam), not read here;
 * - status 4 (byte 6): the paper sensor: bit 2 near end, bit 3 paper out.
 * A Star printer's ASB has seven bytes or more (nine on current models).
 */
export const STAR_STATUS = {
  offline: 0x08,
  coverOpen: 0x20,
  errors: 0x68,
  paperEnd: 0x08,
  nearEnd: 0x04,
};

/** The byte count a Star ASB's first byte announces, or null when it is not an ASB header. */
export function starStatusLength(header) {
  if ((header & 0x91) !== 0x01) return null;
  const count = ((header >> 1) & 0x07) | ((header >> 2) & 0x08);
  return count >= 7 ? count : null;
}

/**
 * What a Star ASB says of the printer: null when it is ready, else why not (paper first, as a
 * printer out of paper also reports itself off-line).
 */
export function starProblem(asb) {
  if (asb[5] & STAR_STATUS.paperEnd) return { ok: false, status: 'paper_out', error: 'Paper out' };
  if (asb[2] & STAR_STATUS.coverOpen) {
    return { ok: false, status: 'cover_open', error: 'Cover open' };
  }
  if (asb[3] & STAR_STATUS.errors) return { ok: false, status: 'offline', error: 'Printer error' };
  if (asb[2] & STAR_STATUS.offline) {
    return { ok: false, status: 'offline', error: 'Printer off-line' };
  }
  return null;
}

async function askEpson(session, n) {
  await session.write(Uint8Array.of(DLE, EOT, n));
  const [b] = await session.read(1, STATUS_TIMEOUT_MS);
  if (b === undefined || (b & 0x93) !== 0x12) {
    throw new Error(`Not a status answer to DLE EOT ${n}: ${b ?? 'nothing'}`);
  }
  return b;
}

async function epsonProblem(session) {
  const paper = await askEpson(session, 4);
  if ((paper & EPSON_STATUS.paperEnd) === EPSON_STATUS.paperEnd) {
    return { ok: false, status: 'paper_out', error: 'Paper out' };
  }
  const printer = await askEpson(session, 1);
  if (!(printer & EPSON_STATUS.offline)) return null;
  const cause = await askEpson(session, 2);
  if (cause & EPSON_STATUS.coverOpen)
    return { ok: false, status: 'cover_open', error: 'Cover open' };
  if (cause & EPSON_STATUS.paperEndStop) {
    return { ok: false, status: 'paper_out', error: 'Paper out' };
  }
  return {
    ok: false,
    status: 'offline',
    error: cause & EPSON_STATUS.error ? 'Printer error' : 'Printer off-line',
  };
}

async function starProblemOf(session) {
  await session.write(Uint8Array.of(ESC, ACK, SOH));
  const [header] = await session.read(1, STATUS_TIMEOUT_MS);
  const length = header === undefined ? null : starStatusLength(header);
  if (length === null) {
    throw new Error(`Not a Star status answer to ESC ACK SOH: ${header ?? 'nothing'}`);
  }
  const rest = await session.read(length - 1, STATUS_TIMEOUT_MS);
  return starProblem(Uint8Array.of(header, ...rest));
}

const problemOf = (commandSet, session) =>
  commandSet === 'star' ? starProblemOf(session) : epsonProblem(session);

function failure(err) {
  const message = err instanceof Error ? err.message : String(err);
  return { ok: false, status: 'offline', error: message.slice(0, 300) };
}

/**
 * Sends one job: asks the printer's state first (a printer out of paper or with its cover open
 * is not sent the job), writes every byte, then asks again, so a job counts as printed only
 * once the printer took all of it and still reports nothing wrong. Epson printers answer
 * DLE EOT, Star printers their ASB. `bytes` empty: only the state is read (a health check).
 * A refused, timed-out or dropped connection, or a missing answer, is `offline`.
 */
export async function sendToPrinter({ host, port, commandSet }, bytes, open) {
  let session;
  try {
    session = await open(host, port, CONNECT_TIMEOUT_MS);
  } catch (err) {
    return failure(err);
  }
  try {
    const before = await problemOf(commandSet, session);
    if (before) return before;
    if (bytes.length > 0) await session.write(bytes);
    const after = await problemOf(commandSet, session);
    if (after) return after;
    return { ok: true, status: 'online' };
  } catch (err) {
    return failure(err);
  } finally {
    await session.close();
  }
}
