// Without zod: the guest page checks a stored cart's line keys with it.

export const LINE_KEY_MAX = 40;

const LINE_KEY = /^[A-Za-z0-9_-]{1,40}$/;

/** Whether a client's key for a cart line is one the server takes: short, and safe in a URL, a log line or a CSV. */
export const isLineKey = (key: unknown): key is string =>
  typeof key === 'string' && LINE_KEY.test(key);

/**
 * The key the server gives the `index`th line (from 0) of a client that sends none: `#` never
 * appears in a client's key, so a derived key never takes one a client chose.
 */
export const derivedLineKey = (index: number): string => `#${index + 1}`;
