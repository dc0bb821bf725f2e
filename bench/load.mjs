// An open-loop load generator for the platform benchmarks, in one process: keep-alive HTTP
// agents from node:http (no per-request fetch machinery), `ws` clients, and a dispatcher that
// sends each request at its scheduled time whether or not earlier ones have answered (a slow
// server does not slow the guests down). Latency is measured from the scheduled time, so time a
// request waited for the generator or a free connection counts against it.
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import WebSocket from 'ws';

/**
 * A keep-alive client of one server; `request` resolves to the status and the body text (status
 * 0 when the connection failed or no answer came within `timeoutMs` of the call, time waiting
 * for a free connection included, so an overloaded step ends soon after its window).
 */
export function httpClient(base, { maxSockets = 256, timeoutMs = 15_000 } = {}) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path,
          agent,
          headers: body ? { 'content-type': 'application/json', ...headers } : headers,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
          );
          // Cut off mid-answer: no 'end', only 'close' (a resolved promise ignores a second call).
          res.on('close', () => resolve({ status: 0, body: '' }));
        },
      );
      const timer = setTimeout(() => req.destroy(new Error('timed out')), timeoutMs);
      req.on('error', () => resolve({ status: 0, body: '' }));
      req.on('close', () => clearTimeout(timer));
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}

/**
 * Runs `fires` (each with `t`, ms from the start, ascending) through `send(fire, scheduledAt)`
 * at their times; resolves when every send has settled. `lag` collects how late the generator
 * dispatched each fire (its own fault, not the server's).
 */
export function openLoop(fires, send, lag = []) {
  return new Promise((resolve) => {
    const start = performance.now();
    let i = 0;
    let pending = 0;
    let dispatching = true;
    const settle = () => {
      pending--;
      if (!dispatching && pending === 0) resolve(start);
    };
    const step = () => {
      const now = performance.now() - start;
      while (i < fires.length && fires[i].t <= now) {
        const fire = fires[i++];
        lag.push(now - fire.t);
        pending++;
        send(fire, start + fire.t).then(settle, settle);
      }
      if (i < fires.length) setTimeout(step, Math.max(0, Math.min(5, fires[i].t - now)));
      else {
        dispatching = false;
        if (pending === 0) resolve(start);
      }
    };
    step();
  });
}

/** Opens `urls` as WebSocket clients, `concurrency` at a time; `onMessage(i, text)` per message. */
export async function connectSockets(urls, onMessage, concurrency = 20) {
  const sockets = new Array(urls.length);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      const ws = new WebSocket(urls[i]);
      ws.on('message', (raw) => onMessage(i, raw.toString()));
      try {
        await new Promise((resolve, reject) => {
          ws.once('open', resolve);
          ws.once('error', reject);
          ws.once('close', reject);
        });
        sockets[i] = ws;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sockets: sockets.filter(Boolean), failed };
}

/** CPU time (user + system) a process has used, in ms; NaN when it is gone or not readable. */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the stat line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Sum of cpuMs over pids, ignoring those gone. */
export const totalCpuMs = (pids) =>
  pids.map(cpuMs).reduce((s, x) => s + (Number.isFinite(x) ? x : 0), 0);

function statFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields from the state on (field 3), after the command name, which may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The CPU of the whole PostgreSQL server on this machine, in ms, as a function to sample: every
 * child of the postmaster (client backends of any database, the WAL writer, the checkpointer,
 * autovacuum) plus the postmaster's own time and its reaped children's (cutime, cstime), so a
 * backend that a pool closes during the run is still counted after it exits, and one opened
 * during the run is counted from its start. Nothing else should use the server meanwhile.
 */
export async function postgresCpu(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let postmaster;
  try {
    const { rows } = await db.query('select pg_backend_pid() as pid');
    // Field 4 of the stat line (index 1 from the state) is the parent's pid.
    postmaster = Number(statFields(rows[0].pid)?.[1]);
  } finally {
    await db.end();
  }
  const ticks = (f, from, to) => f.slice(from, to).reduce((sum, x) => sum + Number(x), 0) * 10;
  return () => {
    const own = statFields(postmaster);
    // utime, stime, cutime, cstime are fields 14–17 (indexes 11–14 from the state).
    let total = own ? ticks(own, 11, 15) : NaN;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === postmaster) continue;
      const f = statFields(entry);
      if (f && Number(f[1]) === postmaster) total += ticks(f, 11, 13);
    }
    return total;
  };
}

/** Runs `task(i)` for i in 0..n-1, `concurrency` at a time. */
export async function pool(n, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(n, concurrency) }, worker));
}
