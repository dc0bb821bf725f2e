export interface AgentOptions {
  /** The Tavola server's address, http(s)://host:port. */
  url: string;
  /** The device token an admin created (tpa_…). */
  token: string;
  log?: (line: string) => void;
}

export interface RunningAgent {
  /** Resolves once the first connection is open; rejects if the token is refused. */
  readonly opened: Promise<void>;
  /** Resolves with the close code once the agent stops (revoked, or `close()`). */
  readonly ended: Promise<number>;
  readonly connected: boolean;
  close(): Promise<number>;
}

export function startAgent(options: AgentOptions): RunningAgent;
