import fs from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/http/errors.js';
import type { ReportDocument } from '@tavola/contract';

/** Report PDFs drawn at once per process (one per core here); more wait their turn, up to a queue. */
const MAX_RUNNING = 2;
const MAX_WAITING = 16;
const TIMEOUT_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<void> {
  if (running < MAX_RUNNING) {
    running += 1;
    return;
  }
  if (waiting.length >= MAX_WAITING) {
    throw new AppError(
      'UNAVAILABLE',
      'Too many PDF reports are being written right now; try again in a minute.',
    );
  }
  // The finishing one hands its place over (running stays the same).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * The worker: built beside main.js in the server bundle (build.mjs); from source (dev, tests) the
 * TypeScript beside this file, through tsx's loader registered in the worker itself.
 */
function startWorker(workerData: unknown): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: 256 } };
  const bundled = new URL('./report-pdf-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled, options);
  const source = new URL('./report-pdf-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * A report's PDF, drawn on a worker thread and streamed: the returned stream carries the bytes
 * as the worker writes them, so the thread answering requests only passes chunks along. Resolves
 * once the first bytes are there (a failure before that rejects, and the route answers with an
 * error); a later failure ends the stream with the error.
 */
export async function reportPdfStream(
  report: ReportDocument,
  options: { compress?: boolean } = {},
): Promise<Readable> {
  await turn();
  const worker = startWorker({ report, compress: options.compress ?? true });
  const stream = new Readable({ read() {} });
  let finished = false;
  const finish = () => {
    if (finished) return false;
    finished = true;
    clearTimeout(timer);
    release();
    return true;
  };
  let first: { resolve: (s: Readable) => void; reject: (e: unknown) => void } | null = null;
  const started = new Promise<Readable>((resolve, reject) => (first = { resolve, reject }));
  const fail = (error: unknown) => {
    if (!finish()) return;
    void worker.terminate();
    if (first) first.reject(error);
    else stream.destroy(error instanceof Error ? error : new Error(String(error)));
    first = null;
  };
  const timer = setTimeout(
    () =>
      fail(new AppError('UNAVAILABLE', 'The PDF took too long to write; choose a shorter period.')),
    TIMEOUT_MS,
  );
  worker.on('message', (chunk: Uint8Array | null) => {
    if (finished) return;
    if (chunk === null) {
      finish();
      stream.push(null);
    } else {
      stream.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    if (first) {
      first.resolve(stream);
      first = null;
    }
  });
  worker.once('error', fail);
  worker.once('exit', (code) => {
    if (!finished) fail(new Error(`report PDF worker exited with code ${code}`));
  });
  // A download that stops early stops the worker.
  stream.once('close', () => {
    if (!finished) fail(new Error('PDF download closed early'));
  });
  return started;
}

/** The whole PDF at once (an email attachment). */
export async function reportPdfBuffer(
  report: ReportDocument,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await reportPdfStream(report, options)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
