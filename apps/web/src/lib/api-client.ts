import { sessionStore } from './session-store';

/**
 * An API failure carrying the server's own message (or the spec's fallback), the status, and
 * the server's machine-readable code and params when it sent them (a screen decides by the code,
 * never by parsing the message).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly params: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the staff bearer token (default true); 401 then clears the session (spec §4, §8). */
  auth?: boolean;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The one API client: adds the bearer token, unwraps `{ success, data }`, turns
 * `{ success: false, error }` into an ApiError with the server's text.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const session = auth ? sessionStore.get() : null;
  if (session) headers.authorization = `Bearer ${session.token}`;

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = (await readJson(response)) as {
    success?: boolean;
    data?: unknown;
    error?: unknown;
    code?: unknown;
    params?: unknown;
  } | null;

  if (response.status === 401 && auth && session) {
    sessionStore.clear();
    throw new ApiError('Unauthorized', 401);
  }
  if (!response.ok || !payload || payload.success !== true) {
    const message =
      payload && typeof payload.error === 'string' && payload.error
        ? payload.error
        : `HTTP ${response.status}`;
    const code = typeof payload?.code === 'string' ? payload.code : null;
    const params =
      payload?.params && typeof payload.params === 'object'
        ? (payload.params as Record<string, unknown>)
        : null;
    throw new ApiError(message, response.status, code, params);
  }
  return payload.data as T;
}

/** Spec §8: the manager's screens show the server's text, or 'Request failed ({status})'. */
export async function managerRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && /^HTTP \d+$/.test(error.message)) {
      throw new ApiError(
        `Request failed (${error.status})`,
        error.status,
        error.code,
        error.params,
      );
    }
    throw error;
  }
}
