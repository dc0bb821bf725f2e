// Pure arithmetic the benchmarks share (no I/O, so `npm test` covers it: stats.test.mjs).

/** The p-th percentile of an ascending array (nearest rank); NaN when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Count, p50, p99 and max of unsorted samples in ms, rounded to 0.1 ms (sorts a copy). */
export function latencySummary(samples) {
  const sorted = Float64Array.from(samples).sort();
  const round = (x) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/** a / b rounded to three decimals; null when either is missing or b is not positive. */
export function ratio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return null;
  return Math.round((a / b) * 1000) / 1000;
}

/**
 * Where the search for the largest passing restaurant count goes next, from the counts tried so
 * far (`{ count, passed }`), or null when it is done. Starts at `start`; doubles while every
 * count passes (up to `max`); then bisects between the largest count that passed and the
 * smallest above it that failed, until they are within `resolution` (a fraction of the lower
 * bound, but never less than `minStep` restaurants). A failure below a pass (noise) is ignored.
 */
export function nextCount(tried, { start, max, resolution = 0.1, minStep = 50 }) {
  if (tried.length === 0) return start;
  const passes = tried.filter((t) => t.passed).map((t) => t.count);
  const lo = passes.length ? Math.max(...passes) : 0;
  const failsAbove = tried.filter((t) => !t.passed && t.count > lo).map((t) => t.count);
  const hi = failsAbove.length ? Math.min(...failsAbove) : Infinity;
  if (hi === Infinity) {
    if (lo >= max) return null;
    return Math.min(max, lo * 2);
  }
  const step = Math.max(minStep, lo * resolution);
  if (hi - lo <= step) return null;
  const next = Math.round((lo + hi) / 2 / minStep) * minStep;
  // Rounding may land on a bound already tried; then the interval is as fine as minStep allows.
  if (next <= lo || next >= hi) return null;
  return next;
}

/** The largest count that passed, or 0. */
export function largestPassing(tried) {
  return tried.filter((t) => t.passed).reduce((m, t) => Math.max(m, t.count), 0);
}

/**
 * Start offsets for `n` periodic clients spread evenly over one period (golden-ratio sequence:
 * no two clients of the same restaurant fire together, and any prefix is spread out too).
 */
export function phases(n, periodMs) {
  const golden = 0.6180339887498949;
  return Array.from({ length: n }, (_, i) => ((i * golden) % 1) * periodMs);
}

/**
 * What `restaurants` restaurants need at Friday-night rates, from measured unit costs (CPU ms
 * per summary poll and per order, in the server and in the database; server memory per staff
 * socket): the request rates, the cores busy, and the instances (of `coresPerInstance`) and
 * database cores needed to keep every core under `utilisation`.
 */
export function projectPlatform({
  restaurants,
  tables = 12,
  pollEveryS = 8,
  orderEveryS = 300,
  socketsPerRestaurant = 3,
  serverMsPerPoll,
  serverMsPerOrder,
  dbMsPerPoll,
  dbMsPerOrder,
  kbPerSocket,
  coresPerInstance = 2,
  utilisation = 0.6,
}) {
  const pollsPerSecond = (restaurants * tables) / pollEveryS;
  const ordersPerSecond = (restaurants * tables) / orderEveryS;
  const serverCores =
    (pollsPerSecond * serverMsPerPoll + ordersPerSecond * serverMsPerOrder) / 1000;
  const databaseCores = (pollsPerSecond * dbMsPerPoll + ordersPerSecond * dbMsPerOrder) / 1000;
  const round2 = (x) => Math.round(x * 100) / 100;
  return {
    pollsPerSecond: round2(pollsPerSecond),
    ordersPerSecond: round2(ordersPerSecond),
    serverCores: round2(serverCores),
    instances: Math.ceil(serverCores / (coresPerInstance * utilisation)),
    databaseCores: round2(databaseCores),
    databaseCoresProvisioned: Math.ceil(databaseCores / utilisation),
    socketMemoryMb: round2((restaurants * socketsPerRestaurant * kbPerSocket) / 1024),
  };
}
