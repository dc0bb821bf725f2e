// Loaded into the server with `node --import ./bench/pg-trace.mjs` by bench/order-profile.mjs:
// wraps pg's Client#query so every statement the server sends is recorded (its text, which
// pooled connection sent it, when it was sent and when its answer came back). One call of
// Client#query is one round trip to PostgreSQL. SIGUSR2 writes what was recorded since the last
// signal to PG_TRACE_FILE (JSON lines) and starts again. Not part of the server: bench only.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const pg = require('pg');
const file = process.env.PG_TRACE_FILE;
let records = [];
const ids = new WeakMap();
let nextId = 1;

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function traced(config, values, callback) {
  if (!ids.has(this)) ids.set(this, nextId++);
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const record = { conn: ids.get(this), text, sent: performance.now(), done: null };
  records.push(record);
  const finish = () => (record.done = performance.now());
  // Callback style (the pool's own `pool.query`) or promise style (drizzle on a checked-out client).
  if (typeof values === 'function') {
    const cb = values;
    values = (...args) => (finish(), cb(...args));
  } else if (typeof callback === 'function') {
    const cb = callback;
    callback = (...args) => (finish(), cb(...args));
  }
  const result = original.call(this, config, values, callback);
  if (result && typeof result.then === 'function') result.then(finish, finish);
  return result;
};

process.on('SIGUSR2', () => {
  const out = records;
  records = [];
  if (file) fs.writeFileSync(file, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
});
