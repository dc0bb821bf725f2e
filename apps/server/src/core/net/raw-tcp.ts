import { openRawTcp as openTcp, type OpenRawTcp } from '@tavola/print-agent/tcp';

export { RawTcpError, type RawTcpSession } from '@tavola/print-agent/tcp';

/**
 * Raw printing's ports: what a printer may listen on unless the configuration allows any, so
 * an address a manager typed cannot aim the server at Redis or a database.
 */
export const RAW_PRINTING_PORTS = { min: 9100, max: 9109 } as const;

export function isRawPrintingPort(port: number): boolean {
  return port >= RAW_PRINTING_PORTS.min && port <= RAW_PRINTING_PORTS.max;
}

/**
 * A raw TCP conversation with a device on the restaurant's network (a printer's port 9100).
 * The TCP client is the print agent's (one implementation for both); the server reaches it
 * only through here, the one place besides its database, Redis and mail clients that opens a
 * TCP connection of its own (outbound-only.test.ts).
 */
export const openRawTcp: OpenRawTcp = (host, port, connectTimeoutMs) =>
  openTcp(host, port, connectTimeoutMs);
