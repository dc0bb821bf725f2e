// Worker-thread entry: writes one order-history PDF and hands the bytes back (history-pdf-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { renderHistoryPdf, type HistoryRow, type HistoryTenant } from './history-render.js';

const job = workerData as { rows: HistoryRow[]; tenant: HistoryTenant; range: string };
const pdf = await renderHistoryPdf(job.rows, job.tenant, job.range);
parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
