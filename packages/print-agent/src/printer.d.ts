import type { OpenRawTcp } from './tcp.js';

export const CONNECT_TIMEOUT_MS: number;
export const STATUS_TIMEOUT_MS: number;

export const EPSON_STATUS: {
  readonly offline: number;
  readonly coverOpen: number;
  readonly paperEndStop: number;
  readonly error: number;
  readonly paperEnd: number;
};

export const STAR_STATUS: {
  readonly offline: number;
  readonly coverOpen: number;
  readonly errors: number;
  readonly paperEnd: number;
  readonly nearEnd: number;
};

/** Where the bytes go, and which command set (so which status request) the printer speaks. */
export interface PrinterTarget {
  host: string;
  port: number;
  commandSet: 'epson' | 'star';
}

export type PrintProblem = {
  ok: false;
  status: 'offline' | 'paper_out' | 'cover_open';
  error: string;
};

export type PrintOutcome = { ok: true; status: 'online' } | PrintProblem;

export function starStatusLength(header: number): number | null;
export function starProblem(asb: Uint8Array): PrintProblem | null;

export function sendToPrinter(
  target: PrinterTarget,
  bytes: Uint8Array,
  open: OpenRawTcp,
): Promise<PrintOutcome>;
