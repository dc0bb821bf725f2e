import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../http/errors.js';

/**
 * Writes a PDF on a worker thread (as the order history's export does): drawing and embedding a
 * font are synchronous work, so the thread answering requests only hands the data over and gets
 * the bytes back. A worker file posts one Uint8Array for its `workerData` and ends.
 *
 * `entry` names the worker beside its caller: `name.js` beside main.js in the server bundle
 * (build.mjs lists it), or from source (dev, tests) `name.ts` through tsx's loader.
 */
export interface PdfWorkerEntry {
  bundled: URL;
  source: URL;
}

/** PDFs written at once per process; more wait their turn, up to a queue. */
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
      'Too many PDFs are being written right now; try again in a minute.',
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

function startWorker(entry: PdfWorkerEntry, workerData: unknown): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: 256 } };
  if (fs.existsSync(fileURLToPath(entry.bundled))) return new Worker(entry.bundled, options);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.source.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

export async function renderPdfOnWorker(
  entry: PdfWorkerEntry,
  workerData: unknown,
): Promise<Uint8Array> {
  await turn();
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      const worker = startWorker(entry, workerData);
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        void worker.terminate();
        reject(new AppError('UNAVAILABLE', 'The PDF took too long to write; try again.'));
      }, TIMEOUT_MS);
      const done = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      worker.once('message', (pdf: Uint8Array) => done(() => resolve(pdf)));
      worker.once('error', (error) => done(() => reject(error)));
      worker.once('exit', (code) =>
        done(() => reject(new Error(`PDF worker exited with code ${code}`))),
      );
    });
  } finally {
    release();
  }
}
