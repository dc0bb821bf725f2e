import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPublicAddress } from './addresses.js';
import {
  OutboundError,
  outboundFetch,
  type AddressPolicy,
  type OutboundRequest,
} from './outbound-fetch.js';

/** Every way of writing this machine's address that a URL accepts. */
const LOOPBACK_SPELLINGS = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f.1',
  '0x7f000001',
  '0177.0.0.1',
  '127.0.0.1.',
  '0.0.0.0',
  '[::ffff:127.0.0.1]',
  '[0:0:0:0:0:ffff:7f00:1]',
  '[::1]',
  '[::]',
];

/** A local server (IPv4 and IPv6) that counts the connections it is asked for. */
let server: http.Server;
let port: number;
let connections: number;
let hosts: string[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    const path = req.url ?? '/';
    if (path === '/ok') res.end('ok');
    else if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (path === '/to-ipv6-loopback') {
      res.writeHead(302, { location: `http://[::1]:${port}/ok` }).end();
    } else if (path === '/to-private-name') {
      res.writeHead(307, { location: `http://intranet.example.com:${port}/ok` }).end();
    } else if (path === '/to-ok') res.writeHead(301, { location: '/ok' }).end();
    else if (path === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else if (path === '/big') {
      // No length announced: the cap must count what arrives.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 64; i++) res.write(Buffer.alloc(16 * 1024, 1));
      res.end();
    } else if (path === '/big-declared') {
      res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
      res.end(Buffer.alloc(2 * 1024 * 1024));
    } else if (path === '/stall-body') {
      res.writeHead(200, { 'content-length': '100' });
      res.write('x');
    }
    // '/never' never answers.
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  port = (server.address() as AddressInfo).port;
});
beforeEach(() => {
  connections = 0;
  hosts = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const LOCAL_ONLY: AddressPolicy = {
  allowAddress: (address) => address === '127.0.0.1' || address === '::ffff:127.0.0.1',
};

const get = (url: string, policy?: AddressPolicy, extra: Partial<OutboundRequest> = {}) =>
  outboundFetch(
    { url, maxBytes: 512 * 1024, timeoutMs: 30_000, protocols: ['http:'], ...extra },
    policy,
  );

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err.reason;
    throw err;
  }
  return 'fetched';
}

describe('addresses the server may connect to', () => {
  it('are read the way a URL parser reads them: every IPv4 spelling is one address', () => {
    const hostname = (h: string) => new URL(`https://${h}/`).hostname;
    for (const spelling of ['127.1', '2130706433', '0x7f.1', '0x7f000001', '0177.0.0.1']) {
      expect(hostname(spelling), spelling).toBe('127.0.0.1');
    }
    expect(hostname('[::ffff:127.0.0.1]')).toBe('[::ffff:7f00:1]');
  });

  it.each([
    '127.0.0.1',
    '127.255.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    '100::1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '2001::1',
    '2001:db8::1',
    '3fff::1',
    'localhost',
    '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ])('allows the public address %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('outboundFetch', () => {
  it.each(LOOPBACK_SPELLINGS)('never connects to this machine written as %s', async (host) => {
    const url = `http://${host}:${port}/ok`;
    expect(await refusal(get(url))).toBe('address');
    expect(connections).toBe(0);
    // The same address reaches the local server once a test allows it: the refusal was the guard.
    const allowed = await get(url, { allowAddress: () => true });
    expect(allowed.body.toString()).toBe('ok');
    expect(connections).toBe(1);
  });

  it('refuses private addresses it is never told to allow, without connecting', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[64:ff9b::a00:1]/',
    ]) {
      expect(await refusal(get(url)), url).toBe('address');
    }
  });

  it('refuses a public-looking name that resolves to a private address, checking every address', async () => {
    const resolving =
      (...addresses: string[]): AddressPolicy['resolve'] =>
      async () =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const url = `http://logo.example.com:${port}/ok`;
    expect(await refusal(get(url, { resolve: resolving('127.0.0.1') }))).toBe('address');
    expect(await refusal(get(url, { resolve: resolving('93.184.216.34', '127.0.0.1') }))).toBe(
      'address',
    );
    expect(await refusal(get(url, { resolve: resolving('::1') }))).toBe('address');
    expect(connections).toBe(0);
  });

  it('connects to the address it checked, naming the host, with one lookup', async () => {
    let lookups = 0;
    const res = await get(`http://logo.example.com:${port}/ok`, {
      ...LOCAL_ONLY,
      resolve: async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(res.status).toBe(200);
    expect(lookups).toBe(1);
    expect(hosts).toEqual([`logo.example.com:${port}`]);
  });

  it('follows a redirect only to an address it may reach, and only so many', async () => {
    const ok = await get(`http://127.0.0.1:${port}/to-ok`, LOCAL_ONLY);
    expect(ok.status).toBe(200);
    expect(ok.url).toBe(`http://127.0.0.1:${port}/ok`);

    expect(await refusal(get(`http://127.0.0.1:${port}/to-metadata`, LOCAL_ONLY))).toBe('address');
    connections = 0;
    expect(await refusal(get(`http://127.0.0.1:${port}/to-ipv6-loopback`, LOCAL_ONLY))).toBe(
      'address',
    );
    expect(connections).toBe(1);
    const intranet: AddressPolicy = {
      ...LOCAL_ONLY,
      resolve: async () => [{ address: '10.0.0.7', family: 4 }],
    };
    expect(await refusal(get(`http://127.0.0.1:${port}/to-private-name`, intranet))).toBe(
      'address',
    );
    expect(await refusal(get(`http://127.0.0.1:${port}/loop`, LOCAL_ONLY))).toBe('redirects');
    // Not following is a choice too: the redirect itself comes back.
    const unfollowed = await get(`http://127.0.0.1:${port}/to-ok`, LOCAL_ONLY, {
      maxRedirects: 0,
    });
    expect(unfollowed.status).toBe(301);
  });

  it('fetches https only unless told otherwise', async () => {
    expect(
      await refusal(
        outboundFetch(
          { url: `http://127.0.0.1:${port}/ok`, maxBytes: 10, timeoutMs: 1000 },
          { allowAddress: () => true },
        ),
      ),
    ).toBe('protocol');
    expect(await refusal(get('file:///etc/passwd'))).toBe('protocol');
    expect(await refusal(get(`http://user:pw@127.0.0.1:${port}/ok`, LOCAL_ONLY))).toBe('url');
    expect(connections).toBe(0);
  });

  it('refuses an answer larger than its cap, announced or not', async () => {
    const cap = { maxBytes: 512 * 1024 };
    expect(await refusal(get(`http://127.0.0.1:${port}/big`, LOCAL_ONLY, cap))).toBe('size');
    expect(await refusal(get(`http://127.0.0.1:${port}/big-declared`, LOCAL_ONLY, cap))).toBe(
      'size',
    );
    const within = await get(`http://127.0.0.1:${port}/big`, LOCAL_ONLY, { maxBytes: 1024 * 1024 });
    expect(within.body.length).toBe(1024 * 1024);
  });

  it('gives up when the whole exchange takes longer than its time', async () => {
    // These servers never finish, so the outcome does not depend on the machine's speed.
    expect(
      await refusal(get(`http://127.0.0.1:${port}/never`, LOCAL_ONLY, { timeoutMs: 200 })),
    ).toBe('timeout');
    expect(
      await refusal(get(`http://127.0.0.1:${port}/stall-body`, LOCAL_ONLY, { timeoutMs: 200 })),
    ).toBe('timeout');
  });
});
