import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError } from '../../core/http/errors.js';
import type { HistoryRow, HistoryTenant } from './history-render.js';

/** PDFs written at once per process (one per core here); more wait their turn, up to a queue. */
const MAX_RUNNING = 2;
const MAX_WAITING = 8;
const TIMEOUT_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * The worker: built beside main.js in the server bundle (build.mjs); from source (dev, tests) the
 * TypeScript beside this file, loaded through tsx's loader registered in the worker itself.
 */
function startWorker(workerData: unknown, options: WorkerOptions): Worker {
  const bundled = new URL('./history-pdf-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled, { ...options, workerData });
  const source = new URL('./history-pdf-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { ...options, workerData, eval: true });
}

async function turn(): Promise<void> {
  if (running < MAX_RUNNING) {
    running += 1;
    return;
  }
  if (waiting.length >= MAX_WAITING) {
    throw new AppError(
      'UNAVAILABLE',
      'Too many PDF exports are being written right now; try again in a minute.',
    );
  }
  // The finishing export hands its place over (running stays the same).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Writes the order-history PDF on a worker thread: the thread answering requests only copies the
 * rows out and the bytes back, so a large export never stalls other requests.
 */
export async function historyPdf(
  rows: HistoryRow[],
  tenant: HistoryTenant,
  range: string,
): Promise<Uint8Array> {
  await turn();
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      const worker = startWorker(
        { rows, tenant: { name: tenant.name, timezone: tenant.timezone }, range },
        { resourceLimits: { maxOldGenerationSizeMb: 512 } },
      );
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        void worker.terminate();
        reject(
          new AppError(
            'UNAVAILABLE',
            'The PDF took too long to write; choose a shorter period, or export CSV.',
          ),
        );
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
        done(() => reject(new Error(`history PDF worker exited with code ${code}`))),
      );
    });
  } finally {
    release();
  }
}
