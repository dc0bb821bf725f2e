// A stand-in PDF worker for the pool's test: it waits until the test opens its gate (a shared
// flag), then hands three bytes back.
import { parentPort, workerData } from 'node:worker_threads';

const flag = new Int32Array((workerData as { gate: SharedArrayBuffer }).gate);
Atomics.wait(flag, 0, 0);
parentPort!.postMessage(new Uint8Array([1, 2, 3]));
