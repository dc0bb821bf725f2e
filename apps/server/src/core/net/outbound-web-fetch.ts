import { outboundFetch, type AddressPolicy, type OutboundRequest } from './outbound-fetch.js';

/**
 * A client library that takes a WHATWG `fetch` function (Stripe's does) is handed this one, so
 * its requests leave the server through `outboundFetch` like every other: addresses checked
 * before connecting, the answer capped in size and the exchange in time, no redirects followed.
 * Only what such a library sends is supported: a string or bytes as body, headers as a plain
 * object, a Headers or pairs.
 */
export type WebFetch = typeof globalThis.fetch;

export interface WebFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  protocols?: OutboundRequest['protocols'];
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function bodyOf(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('Only a string or bytes can be sent as a body');
}

export function outboundWebFetch(limits: WebFetchLimits, policy: AddressPolicy = {}): WebFetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    if (input instanceof Request) throw new TypeError('Only an address and options are supported');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
      throw new TypeError(`${method} requests are not sent`);
    }
    const answer = await outboundFetch(
      {
        url: String(input),
        method,
        headers: headersOf(init),
        body: bodyOf(init?.body),
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
        maxRedirects: 0,
        ...(limits.protocols ? { protocols: limits.protocols } : {}),
      },
      policy,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const empty = method === 'HEAD' || answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers,
    });
  };
}
