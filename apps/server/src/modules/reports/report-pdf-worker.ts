// Worker-thread entry: draws one report PDF and posts its bytes as pdfkit writes them
// (report-pdf-thread.ts), then `null` at the end.
import { parentPort, workerData } from 'node:worker_threads';
import { fontFiles } from '../../core/pdf/fonts.js';
import type { ReportDocument } from '@tavola/contract';
import { renderReportPdf } from './report-pdf-render.js';

const job = workerData as { report: ReportDocument; compress: boolean };
const pdf = renderReportPdf(job.report, fontFiles(), { compress: job.compress });
pdf.on('data', (chunk: Buffer) => {
  const bytes = new Uint8Array(chunk);
  parentPort?.postMessage(bytes, [bytes.buffer]);
});
pdf.on('end', () => parentPort?.postMessage(null));
