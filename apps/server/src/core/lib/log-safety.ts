/**
 * What the logs may keep. A log line outlives the request and reaches more people than the
 * database does, so secrets (table and staff tokens, password hashes) and guests' words (order
 * notes) stay out of it.
 */

/** Query parameters whose values are credentials: `token`, `tableToken`, `access_token`, … */
function isSecretName(raw: string): boolean {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: judge the raw name.
  }
  return /token|password|secret/i.test(name);
}

/** A URL as the logs show it: every credential in the query string replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq >= 0 && isSecretName(pair.slice(0, eq)) ? `${pair.slice(0, eq + 1)}[redacted]` : pair;
  });
  return `${url.slice(0, q + 1)}${pairs.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * Fields of an error worth logging. Left out on purpose: Drizzle's `params` (the values of the
 * failed statement: a password hash, a guest's notes) and PostgreSQL's `detail` ("Failing row
 * contains (…)", "Key (username)=(…)"), which repeat those values.
 */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'constraint'];

/** Drizzle writes the statement's parameters into the message after a `params:` line. */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at < 0 ? message : message.slice(0, at);
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** The `err` serializer of the app's logger. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  }
  const e = error as Error & Record<string, unknown>;
  const type = e.constructor?.name || e.name;
  const message = withoutParams(e.message);
  // The stack starts with the message, parameters included: keep only its frames.
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  // The statement itself has placeholders ($1, $2…), never values.
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
