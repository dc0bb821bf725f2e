// Worker-thread entry: writes one Z report PDF and hands the bytes back (core/pdf/pool.ts).
import type { ZReport } from '@tavola/contract';
import { parentPort, workerData } from 'node:worker_threads';
import { renderZReportPdf } from './z-report-pdf.js';

const pdf = await renderZReportPdf(workerData as ZReport);
parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
