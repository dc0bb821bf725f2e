import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './addresses.js';

/**
 * The one way the server opens an outbound HTTP connection (logos for printed sheets now,
 * webhooks later): every address it would connect to is checked first, and it connects to that
 * checked address only. A name is resolved once, every address it resolves to must be public,
 * and the request goes to one of those addresses (the name stays in the Host header and the TLS
 * server name), so a second DNS answer can never point it inside. Redirects are followed by hand,
 * each hop checked the same way, up to a limit. The body is capped in size and the whole exchange
 * in time.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into its addresses (DNS by default; tests answer with their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Who may be reached. The default (production) refuses every address that is not public; tests
 * that talk to a local server allow exactly that server's address.
 */
export interface AddressPolicy {
  resolve?: Resolver;
  /** Addresses allowed although they are not public (tests' local servers). */
  allowAddress?: (address: string) => boolean;
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The most bytes of body accepted; more refuses the response. */
  maxBytes: number;
  /** The most the whole exchange may take, redirects and body included. */
  timeoutMs: number;
  /** Redirects followed (GET and HEAD only); 3 by default, 0 returns the redirect itself. */
  maxRedirects?: number;
  /** Schemes allowed, for the first address and every redirect; https only by default. */
  protocols?: readonly ('https:' | 'http:')[];
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered (after redirects). */
  url: string;
}

export type RefusalReason =
  'url' | 'protocol' | 'address' | 'resolve' | 'redirects' | 'size' | 'timeout' | 'network';

/** An outbound request that was refused or failed; `reason` says which rule or what broke. */
export class OutboundError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const dnsResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Fetches `request.url` under `policy` (by default: public addresses only). */
export async function outboundFetch(
  request: OutboundRequest,
  policy: AddressPolicy = {},
): Promise<OutboundResponse> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  try {
    let url = parseUrl(request.url, request.protocols);
    let method = request.method ?? 'GET';
    let body = request.body;
    const followable = method === 'GET' || method === 'HEAD';
    for (let hop = 0; ; hop++) {
      const addresses = await checkedAddresses(url, policy, deadline.signal);
      const response = await requestFirstReachable(url, addresses, {
        method,
        headers: request.headers ?? {},
        body,
        maxBytes: request.maxBytes,
        signal: deadline.signal,
      });
      const location = response.headers.location;
      const limit = request.maxRedirects ?? 3;
      if (!followable || limit === 0 || !REDIRECTS.has(response.status) || !location) {
        return response;
      }
      if (hop >= limit) throw new OutboundError('redirects', `More than ${limit} redirects`);
      url = parseUrl(new URL(location, url).toString(), request.protocols);
      if (response.status === 303) method = 'GET';
      body = undefined;
    }
  } catch (err) {
    if (err instanceof OutboundError) throw err;
    if (deadline.signal.aborted) {
      throw new OutboundError('timeout', `No complete answer within ${request.timeoutMs} ms`);
    }
    throw new OutboundError('network', err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(text: string, protocols: OutboundRequest['protocols'] = ['https:']): URL {
  let url: URL;
  try {
    // The WHATWG parser turns every spelling of an IPv4 address (127.1, 2130706433, 0x7f.1,
    // 0177.0.0.1) into its dotted form, and IPv6 into one canonical form: checked below as such.
    url = new URL(text);
  } catch {
    throw new OutboundError('url', 'Not a valid URL');
  }
  if (!(protocols as readonly string[]).includes(url.protocol)) {
    throw new OutboundError('protocol', `Only ${protocols.join(' or ')} addresses are fetched`);
  }
  if (url.username || url.password) {
    throw new OutboundError('url', 'Addresses with credentials are not fetched');
  }
  return url;
}

/** Every address the URL's host stands for, each checked; refused if any one is not allowed. */
async function checkedAddresses(
  url: URL,
  policy: AddressPolicy,
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (family === 4 || family === 6) {
    addresses = [{ address: host, family }];
  } else {
    try {
      addresses = await abortable((policy.resolve ?? dnsResolver)(host), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new OutboundError('resolve', `${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new OutboundError('resolve', `${host} has no address`);
  }
  for (const { address } of addresses) {
    if (!isPublicAddress(address) && !policy.allowAddress?.(address)) {
      throw new OutboundError('address', `${host} is not a public internet address`);
    }
  }
  return addresses;
}

interface Exchange {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  maxBytes: number;
  signal: AbortSignal;
}

/** Tries the checked addresses in turn until one accepts the connection. */
async function requestFirstReachable(
  url: URL,
  addresses: readonly ResolvedAddress[],
  exchange: Exchange,
): Promise<OutboundResponse> {
  let lastError: unknown;
  for (const target of addresses) {
    try {
      return await requestAt(url, target, exchange);
    } catch (err) {
      if (!(err instanceof ConnectError) || exchange.signal.aborted) throw err;
      lastError = err.cause;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('No address could be reached');
}

/** A connection that never opened: the next address may be tried. */
class ConnectError extends Error {}

function requestAt(
  url: URL,
  target: ResolvedAddress,
  exchange: Exchange,
): Promise<OutboundResponse> {
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    let connected = false;
    const req = (secure ? https : http).request({
      // The checked address itself: nothing is looked up again.
      host: target.address,
      family: target.family,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: exchange.method,
      // TLS checks the certificate against the name (never sent as SNI when it is an address).
      ...(secure ? { servername: net.isIP(hostname) ? '' : hostname } : {}),
      headers: { ...exchange.headers, host: url.host },
      // One connection per request: nothing kept alive that shutdown would wait for.
      agent: false,
      signal: exchange.signal,
    });
    req.once('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true));
    });
    req.once('error', (err) => reject(connected ? err : new ConnectError('', { cause: err })));
    req.once('response', (response) => {
      connected = true;
      readCapped(response, exchange.maxBytes).then(
        (body) =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            url: url.toString(),
          }),
        (err: unknown) => {
          req.destroy();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
    req.end(exchange.body);
  });
}

function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Destroying the response emits its own errors at once: the first outcome is the one kept.
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      response.destroy();
      reject(err);
    };
    const tooLarge = () => new OutboundError('size', `The answer is larger than ${maxBytes} bytes`);
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      fail(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(tooLarge());
      else chunks.push(chunk);
    });
    response.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    response.once('error', fail);
    response.once('aborted', () => fail(new Error('The answer was cut off')));
  });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
