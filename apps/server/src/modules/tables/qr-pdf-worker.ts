// Worker-thread entry: writes one sheet of table codes and hands the bytes back (qr-pdf-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { renderQrSheetPdf, type QrSheetJob } from './qr-pdf.js';

const pdf = await renderQrSheetPdf(workerData as QrSheetJob);
parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
