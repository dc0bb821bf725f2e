// Shared helpers for the benchmarks: start the built server as a child process, wait for it,
// read its memory; percentiles come from stats.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export { percentile } from './stats.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

// Servers still running when the benchmark is interrupted or fails are stopped with it.
const children = new Set();
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => process.exit(130));
}

/** Starts `apps/server/dist/main.js` of `from` (this checkout, or another one's build). */
export async function startServer({ port, env = {}, from = root }) {
  // BENCH_SERVER: one built main.js to run instead (an earlier commit's, for a before/after).
  const server = process.env.BENCH_SERVER ?? path.join(from, 'apps/server/dist/main.js');
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
    cwd: from,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
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

/** A restaurant's orderable items (no options to choose), food and drinks apart: their ids. */
export async function foodAndDrinks(base, token) {
  const menu = await menuIds(base, token);
  return {
    food: menu.filter((i) => i.category === 'food').map((i) => i.id),
    drinks: menu.filter((i) => i.category === 'drinks').map((i) => i.id),
  };
}

/** `--name=value` from the command line (`true` for a bare `--name`), else `fallback`. */
export function cliFlag(name, fallback) {
  const hit = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : true;
}

/** The first command-line argument that is not a flag, as a number, else `fallback`. */
export function cliCount(fallback) {
  return Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? fallback);
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** The PostgreSQL server benchmarks use: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local one. */
export function adminUrl() {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

/** A fresh PostgreSQL database for one benchmark (dropped and made again) on `adminUrl()`; its URL. */
export async function freshDatabase(name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A bare Fastify server in its own process answering GET /bare with a fixed JSON body: the
 * practical ceiling of a route on this machine. Resolves to a function that stops it.
 */
export async function startBare(port, body) {
  // The body goes in a file: a floor or a station's list after the orders benchmark is larger
  // than an environment variable may be (spawn fails with E2BIG).
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tavola-bare-')), 'body.json');
  fs.writeFileSync(bodyFile, body);
  const code = `
    const app = require('fastify')();
    const body = require('node:fs').readFileSync(process.env.BODY_FILE, 'utf8');
    app.get('/bare', async (_req, reply) => reply.type('application/json').send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, BODY_FILE: bodyFile, NODE_PATH: path.join(root, 'node_modules') },
    stdio: 'inherit',
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/bare`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  };
}
