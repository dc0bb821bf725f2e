import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../main.ts');
// The tsx loader inside this one process: a signal then reaches the server itself, not a wrapper.
const tsxLoader = pathToFileURL(
  path.resolve(here, '../../../../node_modules/tsx/dist/loader.mjs'),
).href;

/** The real server (`main.ts`) as a child process on its own port, for fault tests. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  /** Everything the server wrote to stdout and stderr, across restarts. */
  output = '';
  exitCode: number | null = null;
  /** Chosen at the first start and kept across restarts. */
  private port: number | null = null;

  constructor(private readonly env: Record<string, string>) {}

  /** The server's address; known once it has started. */
  get base(): string {
    if (this.port === null) throw new Error('ServerProcess: start() it first');
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.exitCode === null;
  }

  async start(): Promise<void> {
    // A port the system says is free, not a guess from a range: a random one once landed on
    // PostgreSQL's own 5432 and the server could not listen.
    this.port ??= await freePort();
    this.exitCode = null;
    const child = spawn(process.execPath, ['--import', tsxLoader, serverEntry], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        PUBLIC_RATE_LIMIT: '1000000',
        WEB_DIST: '',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.once('exit', (code, signal) => {
      this.exitCode = code ?? (signal ? 128 : 1);
    });
    // Up to a minute: on a machine busy with other tests, loading the server alone takes seconds.
    for (let i = 0; i < 600; i++) {
      if (this.exitCode !== null) throw new Error(`server exited at start:\n${this.output}`);
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  /** Sends the signal and resolves with the exit code once the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<number> {
    const child = this.child;
    if (!child || this.exitCode !== null) return this.exitCode ?? 0;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    await exited;
    this.child = null;
    return this.exitCode ?? 0;
  }
}

/** A TCP port on 127.0.0.1 that nothing listens on: the system picks it, and it is let go. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
