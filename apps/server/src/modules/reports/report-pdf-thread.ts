import { Readable } from 'node:stream';
import type { ReportDocument } from '@tavola/contract';
import { runPdfWorker } from '../../core/pdf/pool.js';

const ENTRY = {
  bundled: new URL('./report-pdf-worker.js', import.meta.url),
  source: new URL('./report-pdf-worker.ts', import.meta.url),
};

/**
 * A report's PDF, drawn on a worker thread of the process's PDF pool and streamed: the returned
 * stream carries the bytes as the worker writes them, so the thread answering requests only
 * passes chunks along. Resolves once the first bytes are there (a failure before that rejects,
 * and the route answers with an error); a later failure ends the stream with the error.
 */
export function reportPdfStream(
  report: ReportDocument,
  options: { compress?: boolean } = {},
): Promise<Readable> {
  const stream = new Readable({ read() {} });
  // A download that stops early stops the worker.
  const stop = new AbortController();
  stream.once('close', () => stop.abort(new Error('PDF download closed early')));
  return new Promise<Readable>((resolve, reject) => {
    let started = false;
    const start = () => {
      if (started) return false;
      started = true;
      resolve(stream);
      return true;
    };
    runPdfWorker(
      ENTRY,
      { report, compress: options.compress ?? true },
      (chunk) => {
        stream.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        start();
      },
      {
        streamed: true,
        signal: stop.signal,
        busy: 'PDF_REPORTS_BUSY',
        timeout: 'PDF_REPORT_TIMEOUT',
      },
    ).then(
      () => {
        stream.push(null);
        start();
      },
      (error: unknown) => {
        if (started) stream.destroy(error instanceof Error ? error : new Error(String(error)));
        else {
          started = true;
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
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
