import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import iconv from 'iconv-lite';

/** A line the emulated printer printed, with how it was printed. */
export interface PrintedLine {
  text: string;
  bold: boolean;
  /** Character width and height multipliers (1 normal, 2 double). */
  width: number;
  height: number;
  inverted: boolean;
}

/** One job the emulator printed: what a person would read off the paper. */
export interface PrintedJob {
  lines: PrintedLine[];
  /** The texts of the lines, trimmed, blank lines left out. */
  text: string[];
  qrCodes: string[];
  cuts: number;
  bytes: Buffer;
}

export type EmulatedState = 'ready' | 'paper_out' | 'cover_open';

// Character tables by the number each language selects them with (ESC t n; Star: ESC GS t n).
const EPSON_TABLES: Record<number, string> = {
  0: 'cp437',
  2: 'cp850',
  16: 'windows-1252',
  19: 'cp858',
};
const STAR_TABLES: Record<number, string> = {
  0: 'cp437',
  1: 'cp437',
  4: 'cp858',
  32: 'windows-1252',
};

/**
 * Reads a job's ESC/POS (Epson) or Star Line bytes back into printed lines: commands are taken
 * out (each one the renderer uses, by its exact length; an unknown one fails the decode, so a
 * test sees it), text is decoded in the code page selected at that point, and each line keeps
 * its size, emphasis and inversion.
 */
export function decodePrinterBytes(bytes: Buffer, language: 'epson' | 'star'): PrintedJob {
  const lines: PrintedLine[] = [];
  const qrCodes: string[] = [];
  let cuts = 0;
  let table = 'cp437';
  let bold = false;
  let width = 1;
  let height = 1;
  let inverted = false;
  let text = '';
  let lineBold = false;
  let lineWidth = 1;
  let lineHeight = 1;
  let lineInverted = false;
  let pending: number[] = [];
  const flushText = () => {
    if (pending.length === 0) return;
    text += iconv.decode(Buffer.from(pending), table);
    pending = [];
  };
  const char = (b: number) => {
    pending.push(b);
    lineBold ||= bold;
    lineWidth = Math.max(lineWidth, width);
    lineHeight = Math.max(lineHeight, height);
    lineInverted ||= inverted;
  };
  const endLine = () => {
    flushText();
    lines.push({
      text: text.trim(),
      bold: lineBold,
      width: lineWidth,
      height: lineHeight,
      inverted: lineInverted,
    });
    text = '';
    lineBold = false;
    lineWidth = 1;
    lineHeight = 1;
    lineInverted = false;
  };
  const setTable = (name: string | undefined, n: number) => {
    if (!name) throw new Error(`Unknown code page ${n} (${language})`);
    flushText();
    table = name;
  };
  let i = 0;
  const at = (k: number) => {
    const b = bytes[i + k];
    if (b === undefined) throw new Error(`Command cut short at byte ${i}`);
    return b;
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      endLine();
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === 0x18 && language === 'star') {
      i += 1;
    } else if (b === 0x1c && at(1) === 0x2e) {
      i += 2;
    } else if (b === 0x1b) {
      const c = at(1);
      if (language === 'epson') {
        if (c === 0x40) i += 2;
        else if (c === 0x74) {
          setTable(EPSON_TABLES[at(2)], at(2));
          i += 3;
        } else if (c === 0x45) {
          bold = at(2) === 1;
          i += 3;
        } else if ([0x4d, 0x2d, 0x34, 0x61, 0x64, 0x4a, 0x33, 0x21].includes(c)) i += 3;
        else if (c === 0x32) i += 2;
        else throw new Error(`Unknown ESC ${c.toString(16)} at ${i}`);
      } else {
        if (c === 0x40) i += 2;
        else if (c === 0x45) {
          bold = true;
          i += 2;
        } else if (c === 0x46) {
          bold = false;
          i += 2;
        } else if (c === 0x34) {
          inverted = true;
          i += 2;
        } else if (c === 0x35) {
          inverted = false;
          i += 2;
        } else if (c === 0x2d) i += 3;
        else if (c === 0x69) {
          height = at(2) + 1;
          width = at(3) + 1;
          i += 4;
        } else if (c === 0x64) {
          cuts++;
          i += 3;
        } else if (c === 0x1d) {
          const d = at(2);
          if (d === 0x74) {
            setTable(STAR_TABLES[at(3)], at(3));
            i += 4;
          } else if (d === 0x61) i += 4;
          else if (d === 0x79) {
            const e = at(3);
            if (e === 0x53) i += 6;
            else if (e === 0x50) i += 4;
            else if (e === 0x44) {
              const n = at(6) + at(7) * 256;
              qrCodes.push(bytes.subarray(i + 8, i + 8 + n).toString('latin1'));
              i += 8 + n;
            } else throw new Error(`Unknown ESC GS y ${e.toString(16)} at ${i}`);
          } else throw new Error(`Unknown ESC GS ${d.toString(16)} at ${i}`);
        } else throw new Error(`Unknown ESC ${c.toString(16)} at ${i}`);
      }
    } else if (b === 0x1d && language === 'epson') {
      const c = at(1);
      if (c === 0x21) {
        width = (at(2) >> 4) + 1;
        height = (at(2) & 0x0f) + 1;
        i += 3;
      } else if (c === 0x42) {
        inverted = at(2) === 1;
        i += 3;
      } else if (c === 0x56) {
        cuts++;
        i += at(2) === 65 || at(2) === 66 ? 4 : 3;
      } else if (c === 0x28 && at(2) === 0x6b) {
        const n = at(3) + at(4) * 256;
        // cn fn: 0x31 0x50 stores the QR code's data (after m = 0x30).
        if (at(5) === 0x31 && at(6) === 0x50) {
          qrCodes.push(bytes.subarray(i + 8, i + 5 + n).toString('latin1'));
        }
        i += 5 + n;
      } else throw new Error(`Unknown GS ${c.toString(16)} at ${i}`);
    } else if (b < 0x20) {
      throw new Error(`Unknown control byte ${b.toString(16)} at ${i}`);
    } else {
      char(b);
      i += 1;
    }
  }
  if (text || pending.length) endLine();
  return {
    lines,
    text: lines.map((l) => l.text).filter((t) => t !== ''),
    qrCodes,
    cuts,
    bytes,
  };
}

/**
 * A network receipt printer on this machine for tests: it listens on a free port like a
 * printer's 9100, answers Epson's real-time status requests (DLE EOT 1, 2, 4) or, as a Star
 * printer, Star's status request (ESC ACK SOH, its ASB) at once, even while it cannot print, and prints what a connection sent when it ends (decoded back to
 * lines). It can refuse connections (switched off or unplugged), run out of paper or have its
 * cover open (its status bytes say so, and it prints nothing), and drop a connection part-way
 * through a job.
 */
export async function startPrinterEmulator(options: { language?: 'epson' | 'star' } = {}) {
  const language = options.language ?? 'epson';
  const printed: PrintedJob[] = [];
  const statusRequests: (1 | 2 | 3 | 4 | 'asb')[] = [];
  const sockets = new Set<Socket>();
  let state: EmulatedState = 'ready';
  let dropNextJobs = 0;
  let connections = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  let quiet: (() => void)[] = [];

  /**
   * Star's Automatic Status Back as a TSP100-class printer sends it: nine bytes (header 1 0x23
   * announces them), then status 1 (off-line bit 3, cover bit 5), status 2 and 3 (errors),
   * status 4 (paper near end bit 2, out bit 3), and the rest zero. Paper out and cover open
   * also put the printer off-line.
   */
  const starStatus = (): Uint8Array => {
    const asb = new Uint8Array(9);
    asb[0] = 0x23;
    asb[1] = 0x06; // header 2: the status version
    if (state !== 'ready') asb[2] = 0x08;
    if (state === 'cover_open') asb[2]! |= 0x20;
    if (state === 'paper_out') asb[5] = 0x0c;
    return asb;
  };

  const statusByte = (n: number): number => {
    const base = 0x12;
    if (n === 1) return state === 'ready' ? base : base | 0x08;
    if (n === 2) {
      if (state === 'cover_open') return base | 0x04;
      if (state === 'paper_out') return base | 0x20;
      return base;
    }
    if (n === 4) return state === 'paper_out' ? base | 0x0c | 0x60 : base;
    return base;
  };

  const onConnection = (socket: Socket) => {
    connections++;
    sockets.add(socket);
    const job: number[] = [];
    let dropAfter = -1;
    if (dropNextJobs > 0) {
      dropNextJobs--;
      dropAfter = 16; // a few bytes of the job, then the cable is pulled
    }
    let dropped = false;
    let stateWhileReceiving: EmulatedState = state;
    socket.on('data', (chunk: Buffer) => {
      for (let k = 0; k < chunk.length; k++) {
        // DLE EOT n is answered the moment it arrives (the printer does not queue it).
        if (
          language === 'epson' &&
          chunk[k] === 0x10 &&
          chunk[k + 1] === 0x04 &&
          [1, 2, 3, 4].includes(chunk[k + 2] ?? 0)
        ) {
          const n = chunk[k + 2] as 1 | 2 | 3 | 4;
          statusRequests.push(n);
          socket.write(Uint8Array.of(statusByte(n)));
          k += 2;
          continue;
        }
        // So is Star's ESC ACK SOH, with its ASB.
        if (
          language === 'star' &&
          chunk[k] === 0x1b &&
          chunk[k + 1] === 0x06 &&
          chunk[k + 2] === 0x01
        ) {
          statusRequests.push('asb');
          socket.write(starStatus());
          k += 2;
          continue;
        }
        job.push(chunk[k]!);
        if (state !== 'ready') stateWhileReceiving = state;
        if (dropAfter >= 0 && job.length >= dropAfter) {
          dropped = true;
          socket.destroy();
          return;
        }
      }
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (!dropped && job.length > 0 && stateWhileReceiving === 'ready') {
        printed.push(decodePrinterBytes(Buffer.from(job), language));
        for (const w of [...waiters]) {
          if (printed.length >= w.count) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      }
      if (sockets.size === 0) {
        const done = quiet;
        quiet = [];
        for (const resolve of done) resolve();
      }
    });
    socket.on('error', () => undefined);
  };

  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    language,
    printed,
    statusRequests,
    get connections() {
      return connections;
    },
    /** Paper out or cover open: the status bytes say so and nothing prints. */
    setState(next: EmulatedState) {
      state = next;
    },
    /** Switched off: connections are refused until `online()`. */
    async offline() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Switched on again, on the same port. */
    async online() {
      if (server.listening) return;
      server = net.createServer(onConnection);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    /** The next `count` connections that send a job are cut off after a few of its bytes. */
    dropMidJob(count = 1) {
      dropNextJobs = count;
    },
    /**
     * Resolves once no connection is open: what the server sent before this has printed (a
     * connection ends on the printer's side just after the sender closed it).
     */
    idle(): Promise<void> {
      if (sockets.size === 0) return Promise.resolve();
      return new Promise((resolve) => quiet.push(resolve));
    },
    /** Resolves once `count` jobs have printed in all. */
    waitForPrinted(count: number): Promise<void> {
      if (printed.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PrinterEmulator = Awaited<ReturnType<typeof startPrinterEmulator>>;
