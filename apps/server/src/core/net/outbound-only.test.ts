import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What opens an outbound connection from source code. Connections that are not HTTP stay with
 * their own clients and are not matched: the database (pg, PGlite), Redis (ioredis) and mail
 * (nodemailer speaks SMTP to the one server the deployment configures, never to an address a
 * user typed).
 */
const OUTBOUND: readonly [string, RegExp][] = [
  ['global fetch', /(?<![\w$.])fetch\s*\(/],
  [
    'an HTTP client call',
    /\b(?:https?|http2|net|tls)\.(?:request|get|connect|createConnection)\s*\(/,
  ],
  ['an outbound WebSocket', /\bnew\s+WebSocket\s*\(/],
  ['an HTTP client library', /from\s+['"](?:undici|node-fetch|axios|got|ky|superagent)['"]/],
  // The print agent's TCP client, which the server shares: only core/net may hand it out.
  ['a raw TCP client', /import\s+(?!type\b)[^;]*from\s+['"]@tavola\/print-agent(?:\/tcp)?['"]/],
  [
    'a client module of Node',
    /import\s+(?!type\b)[^;]*from\s+['"](?:node:)?(?:https|tls|http2|dgram)['"]/,
  ],
  // node:http and node:net lend types, STATUS_CODES and address checks (BlockList, isIP…) that
  // open nothing to the server side; any other value is a client.
  [
    'a client part of node:http or node:net',
    /import\s+(?!type\b)(?!\{\s*(?:(?:type\s+\w+|STATUS_CODES|BlockList|isIP|isIPv4|isIPv6)\s*,?\s*)+\})[^;]*from\s+['"](?:node:)?(?:http|net)['"]/,
  ],
];

function findOutbound(source: string): string[] {
  // Comments may talk about fetching; only code counts.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return OUTBOUND.filter(([, pattern]) => pattern.test(code)).map(([what]) => what);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('outbound HTTP', () => {
  it('is recognised in every form the scan looks for', () => {
    for (const sample of [
      "await fetch('https://x')",
      'const r = await  fetch (url)',
      'https.get(url, cb)',
      'http.request({ host })',
      'net.connect(9100, host)',
      "tls.connect({ host: 'x' })",
      'new WebSocket(url)',
      "import { request } from 'undici';",
      "import https from 'node:https';",
      "import http from 'node:http';",
      "import { request } from 'node:http';",
      "import net from 'net';",
      "import { BlockList, connect } from 'node:net';",
      "import { openRawTcp } from '@tavola/print-agent/tcp';",
    ]) {
      expect(findOutbound(sample), sample).not.toEqual([]);
    }
    for (const sample of [
      "import { STATUS_CODES, type ServerResponse } from 'node:http';",
      "import type { Socket } from 'node:net';",
      "import type { AddressInfo } from 'node:net';",
      "import { BlockList, isIPv4, isIPv6 } from 'node:net';",
      "import type { RawTcpSession } from '@tavola/print-agent/tcp';",
      "import { sendToPrinter } from '@tavola/print-agent/printer';",
      'queryClient.refetch()',
      'this.fetchLogo(url)',
      '// the logo fetch (once) is guarded',
      '/** then fetch (it) again */',
    ]) {
      expect(findOutbound(sample), sample).toEqual([]);
    }
  });

  it('leaves the server only through core/net', () => {
    const offenders = sourceFiles(serverSrc)
      .filter((file) => {
        const relative = path.relative(serverSrc, file);
        // Tests and their helpers talk to local servers of their own.
        return (
          !relative.startsWith(`core${path.sep}net${path.sep}`) &&
          !relative.startsWith(`testing${path.sep}`) &&
          !file.endsWith('.test.ts')
        );
      })
      .flatMap((file) =>
        findOutbound(fs.readFileSync(file, 'utf8')).map(
          (what) => `${path.relative(serverSrc, file)}: ${what}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
