import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RefusalCode } from '@tavola/contract';
import { refuse } from '../http/errors.js';

/**
 * The one pool of PDF workers of a process: every PDF (receipts, Z reports, the order history,
 * the period reports, the sheets of table codes) is drawn on a worker thread, since drawing and
 * embedding a font or an image are synchronous work, and the thread answering requests only hands
 * the data over and passes the bytes back (and outlives a worker that fails on bad input). At most `MAX_RUNNING` PDFs are drawn at once in the process, whatever their kind;
 * more wait their turn, up to `MAX_WAITING`, and beyond that the caller is told to try again.
 *
 * A worker's `entry` names its file beside the caller: `name.js` beside main.js in the server
 * bundle (build.mjs lists it), or from source (dev, tests) `name.ts` through tsx's loader.
 */
export interface PdfWorkerEntry {
  bundled: URL;
  source: URL;
}

/** What a caller says to its user, and how much memory its worker may take. */
export interface PdfJobOptions {
  /** The refusal when the queue is full. */
  busy?: 'PDF_BUSY' | 'PDF_REPORTS_BUSY' | 'PDF_EXPORTS_BUSY';
  /** The refusal when the PDF took longer than `timeoutMs`. */
  timeout?: 'PDF_TIMEOUT' | 'PDF_REPORT_TIMEOUT' | 'PDF_EXPORT_TIMEOUT';
  maxOldGenerationSizeMb?: number;
  /** Refused when this many PDFs (of any kind) already wait; the pool's most by default. */
  maxWaiting?: number;
}

/** PDFs drawn at once per process (one per core here), and how many may wait. */
export const MAX_RUNNING = 2;
const MAX_WAITING = 16;
const TIMEOUT_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];

/** How many PDFs this process is drawing now (tests read it). */
export function pdfWorkersRunning(): number {
  return running;
}

async function turn(busy: RefusalCode, maxWaiting: number): Promise<void> {
  if (running < MAX_RUNNING) {
    running += 1;
    return;
  }
  if (waiting.length >= Math.min(maxWaiting, MAX_WAITING)) throw refuse(busy);
  // The finishing one hands its place over (running stays the same).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

function startWorker(entry: PdfWorkerEntry, workerData: unknown, memoryMb: number): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: memoryMb } };
  if (fs.existsSync(fileURLToPath(entry.bundled))) return new Worker(entry.bundled, options);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.source.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Runs a worker in its turn. The worker posts its bytes as one or more `Uint8Array` messages and
 * `null` at the end, or one `Uint8Array` and ends; `onChunk` gets each chunk. Resolves when it has
 * finished; rejects on a failure, a timeout, or `stop()` (the caller no longer wants the bytes).
 */
export async function runPdfWorker(
  entry: PdfWorkerEntry,
  workerData: unknown,
  onChunk: (chunk: Uint8Array) => void,
  options: PdfJobOptions & { streamed?: boolean; signal?: AbortSignal } = {},
): Promise<void> {
  await turn(options.busy ?? 'PDF_BUSY', options.maxWaiting ?? MAX_WAITING);
  try {
    await new Promise<void>((resolve, reject) => {
      const worker = startWorker(entry, workerData, options.maxOldGenerationSizeMb ?? 256);
      let settled = false;
      const done = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', abort);
        fn();
      };
      const fail = (error: unknown) =>
        done(() => {
          void worker.terminate();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      const timer = setTimeout(() => fail(refuse(options.timeout ?? 'PDF_TIMEOUT')), TIMEOUT_MS);
      const abort = () => fail(options.signal?.reason ?? new Error('PDF no longer wanted'));
      if (options.signal?.aborted) return abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      worker.on('message', (chunk: Uint8Array | null) => {
        if (settled) return;
        if (chunk === null) return done(resolve);
        onChunk(chunk);
        if (!options.streamed) done(resolve);
      });
      worker.once('error', fail);
      worker.once('exit', (code) => fail(new Error(`PDF worker exited with code ${code}`)));
    });
  } finally {
    release();
  }
}

/** A PDF drawn on a worker in its turn, all at once. */
export async function renderPdfOnWorker(
  entry: PdfWorkerEntry,
  workerData: unknown,
  options: PdfJobOptions = {},
): Promise<Uint8Array> {
  let pdf: Uint8Array | null = null;
  await runPdfWorker(
    entry,
    workerData,
    (chunk) => {
      pdf = chunk;
    },
    options,
  );
  return pdf!;
}
