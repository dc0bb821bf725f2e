/**
 * What an API key may reach: one scope per domain of the public API, read or write. A write
 * scope does not imply the read scope of its domain; a key is given both when it needs both.
 */
export const API_KEY_DOMAINS = [
  'menu',
  'tables',
  'orders',
  'tickets',
  'payments',
  'reports',
  'webhooks',
] as const;

export type ApiKeyDomain = (typeof API_KEY_DOMAINS)[number];

export const API_KEY_SCOPES = API_KEY_DOMAINS.flatMap((d) => [`${d}:read`, `${d}:write`] as const);

export type ApiKeyScope = `${ApiKeyDomain}:${'read' | 'write'}`;

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Whether a scope only reads (a manager may create keys holding only these). */
export const isReadScope = (scope: ApiKeyScope): boolean => scope.endsWith(':read');

/**
 * Every key starts with this, so a key pasted where it should not be (a repository, a ticket, a
 * log) is recognisable by secret scanners and by people.
 */
export const API_KEY_PREFIX = 'tvk_live_';

/**
 * The limits of one key, counted across every instance: a burst per second and a budget per
 * quarter of an hour (the published figures of the large point-of-sale platforms' APIs).
 */
export const API_KEY_LIMITS = {
  perSecond: 20,
  perWindow: 10_000,
  windowSeconds: 15 * 60,
} as const;
