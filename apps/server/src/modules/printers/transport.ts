import {
  sendToPrinter as send,
  type PrinterTarget,
  type PrintOutcome,
} from '@tavola/print-agent/printer';
import { openRawTcp } from '../../core/net/raw-tcp.js';

export {
  CONNECT_TIMEOUT_MS,
  EPSON_STATUS,
  STAR_STATUS,
  STATUS_TIMEOUT_MS,
  type PrinterTarget,
  type PrintOutcome,
} from '@tavola/print-agent/printer';

/**
 * Sends one job to a printer the server reaches itself, as the print agent does on the
 * restaurant's network: the same status requests (DLE EOT for Epson, the ASB for Star) before
 * and after every byte, over the server's own TCP client in core/net.
 */
export const sendToPrinter = (target: PrinterTarget, bytes: Uint8Array): Promise<PrintOutcome> =>
  send(target, bytes, openRawTcp);
