import { AppError } from '../../core/http/errors.js';
import { renderPdfOnWorker } from '../../core/pdf/pool.js';
import type { QrSheetJob } from './qr-pdf.js';

const ENTRY = {
  bundled: new URL('./qr-pdf-worker.js', import.meta.url),
  source: new URL('./qr-pdf-worker.ts', import.meta.url),
};

/**
 * A sheet of table codes, written on a worker thread of the PDF pool (qr-pdf-worker.ts). The logo
 * comes from an address the restaurant chose: bytes that start like a PNG but do not decode fail
 * the worker (never this thread), and the sheet is drawn again without the logo.
 */
export async function qrSheetPdf(job: QrSheetJob): Promise<Uint8Array> {
  try {
    return await renderPdfOnWorker(ENTRY, job);
  } catch (error) {
    // The pool's own refusals (busy, too slow) are the answer; a drawing failure is the logo's.
    if (!job.brand.logo || error instanceof AppError) throw error;
    return renderPdfOnWorker(ENTRY, { ...job, brand: { ...job.brand, logo: null } });
  }
}
