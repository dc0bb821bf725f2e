export class RawTcpError extends Error {
  constructor(reason: RawTcpError['reason'], message: string);
  readonly reason: 'refused' | 'timeout' | 'closed' | 'error';
}

export interface RawTcpSession {
  /** Writes and resolves once the bytes left this process (or rejects if the socket broke). */
  write(bytes: Uint8Array): Promise<void>;
  /** The next `count` bytes the device sends, within `timeoutMs`. */
  read(count: number, timeoutMs: number): Promise<Buffer>;
  /** Ends the conversation: a graceful end, then destroyed. */
  close(): Promise<void>;
}

export type OpenRawTcp = (
  host: string,
  port: number,
  connectTimeoutMs: number,
) => Promise<RawTcpSession>;

export const openRawTcp: OpenRawTcp;
