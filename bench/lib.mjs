// Shared helpers for the benchmarks: start the built server as a child process, wait for it,
// read its memory, and compute percentiles.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

export async function startServer({ port, env = {} }) {
  // BENCH_SERVER runs another build (one of an earlier commit) for a before/after comparison.
  const server = process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(server)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavola-bench-'));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, server], {
    env: {
      ...process.env,
      // As `npm start` runs it.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      PUBLIC_RATE_LIMIT: '10000000',
      WS_CONNECT_RATE_LIMIT: '10000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Up to a minute: a fresh database's migrations and seed are slow on a busy machine.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(base, username, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`login failed: ${body.error}`);
  return body.data;
}

export async function menuIds(base, token) {
  const res = await fetch(`${base}/api/menu/public?token=${token}`);
  const { data } = await res.json();
  return Object.values(data.menu)
    .flat()
    .filter((i) => i.available && !i.optionGroups);
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/**
 * A fresh PostgreSQL database for one benchmark (dropped and made again), on the server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); its URL.
 */
export async function freshDatabase(name) {
  const { default: pg } = await import('pg');
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
