import { describe, expect, it } from 'vitest';
import { MAX_RUNNING, pdfWorkersRunning, renderPdfOnWorker } from './pool.js';

/** A worker entry of its own name (so a kind of PDF of its own), all run by the stand-in. */
const entry = (kind: string) => ({
  bundled: new URL(`./not-built-${kind}.js`, import.meta.url),
  source: new URL('./pool-test-worker.ts', import.meta.url),
});

describe('the PDF pool', () => {
  it('draws at most two PDFs at once in the process, whatever their kind; the rest wait', async () => {
    const gate = new SharedArrayBuffer(4);
    const flag = new Int32Array(gate);
    const jobs = ['receipt', 'z-report', 'history', 'report'].map((kind) =>
      renderPdfOnWorker(entry(kind), { gate }),
    );
    // The workers are held at the gate: what runs now is what the pool let start.
    await new Promise((resolve) => setImmediate(resolve));
    expect(MAX_RUNNING).toBe(2);
    expect(pdfWorkersRunning()).toBe(MAX_RUNNING);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const pdfs = await Promise.all(jobs);
    expect(pdfs.map((pdf) => [...pdf])).toEqual(Array(4).fill([1, 2, 3]));
    expect(pdfWorkersRunning()).toBe(0);
  }, 120_000);
});
