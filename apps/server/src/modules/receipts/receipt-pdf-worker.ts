// Worker-thread entry: writes one receipt PDF and hands the bytes back (core/pdf/pool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { renderReceiptPdf, type ReceiptPdfJob } from './receipt-pdf.js';

const pdf = await renderReceiptPdf(workerData as ReceiptPdfJob);
parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
