import { renderPdfOnWorker } from '../../core/pdf/pool.js';
import type { ReceiptPdfJob } from './receipt-pdf.js';

/** A receipt's PDF, written on a worker thread (receipt-pdf-worker.ts). */
export function receiptPdf(job: ReceiptPdfJob): Promise<Uint8Array> {
  return renderPdfOnWorker(
    {
      bundled: new URL('./receipt-pdf-worker.js', import.meta.url),
      source: new URL('./receipt-pdf-worker.ts', import.meta.url),
    },
    job,
  );
}
