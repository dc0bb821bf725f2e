import { renderPdfOnWorker } from '../../core/pdf/pool.js';
import type { HistoryRow, HistoryTenant } from './history-render.js';

/**
 * Writes the order-history PDF on a worker thread of the process's PDF pool: the thread answering
 * requests only copies the rows out and the bytes back, so a large export never stalls other
 * requests.
 */
export function historyPdf(
  rows: HistoryRow[],
  tenant: HistoryTenant,
  range: string,
): Promise<Uint8Array> {
  return renderPdfOnWorker(
    {
      bundled: new URL('./history-pdf-worker.js', import.meta.url),
      source: new URL('./history-pdf-worker.ts', import.meta.url),
    },
    { rows, tenant: { name: tenant.name, timezone: tenant.timezone }, range },
    {
      busy: 'PDF_EXPORTS_BUSY',
      timeout: 'PDF_EXPORT_TIMEOUT',
      maxOldGenerationSizeMb: 512,
      // Each is large: fewer wait than for the pool's small PDFs.
      maxWaiting: 8,
    },
  );
}
