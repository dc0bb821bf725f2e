import type { ZReport } from '@tavola/contract';
import { renderPdfOnWorker } from '../../core/pdf/pool.js';

/** A Z report's PDF, written on a worker thread (z-report-pdf-worker.ts). */
export function zReportPdf(report: ZReport): Promise<Uint8Array> {
  return renderPdfOnWorker(
    {
      bundled: new URL('./z-report-pdf-worker.js', import.meta.url),
      source: new URL('./z-report-pdf-worker.ts', import.meta.url),
    },
    report,
  );
}
