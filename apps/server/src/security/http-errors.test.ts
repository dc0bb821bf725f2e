import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../testing/harness.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses every HTTP/1.1 response in what a server wrote (bodies sized by Content-Length). */
function parseResponses(raw: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = end + 4;
    const body = Buffer.from(rest.slice(bodyStart)).subarray(0, length).toString();
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body });
    rest = rest.slice(bodyStart + body.length);
  }
  return out;
}

/** Writes raw bytes on a fresh connection and collects everything until the server closes it. */
function rawExchange(port: number, chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server may reset once it has answered; what it wrote is what counts.
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') resolve(received);
      else reject(err);
    });
    socket.on('close', () => resolve(received));
    socket.setTimeout(5000, () => socket.destroy(new Error(`timed out; got ${received}`)));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

function expectEnvelope(res: RawResponse | undefined, status: number, error: RegExp) {
  expect(res, 'no response').toBeDefined();
  expect(res!.status, res!.body).toBe(status);
  expect(res!.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(res!.body)).toEqual({
    success: false,
    error: expect.stringMatching(error),
    code: expect.stringMatching(/^[A-Z_]+$/),
  });
}

describe('errors outside the routes answer with the envelope', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  let releaseSlow: () => void = () => undefined;
  let markSlowStarted: () => void = () => undefined;
  const slowStarted = new Promise<void>((resolve) => (markSlowStarted = resolve));
  let closing: Promise<void> | undefined;
  let markShutdownBegun: () => void = () => undefined;
  const shutdownBegun = new Promise<void>((resolve) => (markShutdownBegun = resolve));

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    app = await buildApp(testConfig(), { database: testDb.database });
    // A request still in flight when shutdown starts keeps its connection open.
    app.get('/api/test/slow', { config: { public: true } }, async () => {
      markSlowStarted();
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return { success: true as const, data: 'slow' };
    });
    // Runs after the app's own preClose hook (registered first), so the app counts as shutting
    // down by then: the test waits for that instead of for a while.
    app.addHook('preClose', async () => markShutdownBegun());
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    releaseSlow();
    await (closing ?? app?.close());
    await testDb?.dispose();
  });

  const get = (path: string, extra = '') =>
    `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

  it('answers bad percent-encoding in the path with a 400', async () => {
    for (const path of ['/api/menu/%ff', '/api/menu/%E0%A4%A', '/%c0%af']) {
      const [res] = parseResponses(await rawExchange(port, [get(path)]));
      expectEnvelope(res, 400, /URL/);
    }
  });

  it('answers an over-long path parameter with a 414', async () => {
    const request = `PUT /api/menu/${'a'.repeat(300)} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
    const [res] = parseResponses(await rawExchange(port, [request]));
    expectEnvelope(res, 414, /too long/);
  });

  it('answers headers over 16 KB with a 431', async () => {
    const [res] = parseResponses(
      await rawExchange(port, [get('/api/health', `X-Big: ${'a'.repeat(20 * 1024)}\r\n`)]),
    );
    expectEnvelope(res, 431, /headers are too large/);
  });

  it.each([
    ['a header line without a colon', get('/api/health', 'Broken header line\r\n')],
    ['a space in a header name', get('/api/health', 'Bad Name: x\r\n')],
    ['a control character in a header value', get('/api/health', 'X-Test: a\u0001b\r\n')],
    [
      'a Content-Length that is not a number',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    ],
    [
      'two different Content-Lengths',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ],
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
  ])('answers %s with a 400', async (_what, request) => {
    const [res] = parseResponses(await rawExchange(port, [request]));
    expectEnvelope(res, 400, /Malformed HTTP request/);
  });

  // Last: it shuts the app down.
  it('answers requests arriving during shutdown with a 503', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    // Two requests on one keep-alive connection: the first is in flight when shutdown starts,
    // the second arrives after it has started.
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await slowStarted;
    closing = app.close();
    await shutdownBegun;
    // The second request is answered (queued behind the first's response) once the server has
    // read it; only then may the first finish, or the connection could close before it is read.
    const secondRead = new Promise<void>((resolve) =>
      app.server.on('request', (req: { url?: string }) => {
        if (req.url === '/api/health') resolve();
      }),
    );
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await secondRead;
    releaseSlow();
    await ended;
    await closing;
    const [first, second] = parseResponses(received);
    expect(first?.status, received).toBe(200);
    expect(JSON.parse(first!.body)).toEqual({ success: true, data: 'slow' });
    expectEnvelope(second, 503, /shutting down|try again/);
    expect(second!.headers.connection).toBe('close');
  });
});
