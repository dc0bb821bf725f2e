import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Server tests call routes through the typed client (`testing/client.ts`, decision 0007): a local
 * `call`/`post`/`api` helper over `app.inject` and an untyped `res.json()` read let a test assert a
 * shape the server never sends and keep passing when a route changes. A test that must send what
 * the client cannot still reads the answer typed, through `answerOf(route, res)` or `bodyOf(res)`.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

/**
 * Test files that may read a raw answer untyped, each with the reason. Keep it short: a file
 * belongs here only when neither the client nor `answerOf`/`bodyOf`/`fetchedData` can read what it
 * checks. None needs it today: the fuzzer, the input probes, the raw webhook, the rate limits and
 * the real-HTTP tests send raw and read through those helpers.
 */
const ALLOWED: Readonly<Record<string, string>> = {};

export const OFFENCES: readonly [RegExp, string][] = [
  [
    /\b(?:const|let|var)\s+(?:call|post|api)\s*=\s*(?:async\s*)?(?:<[^>]*>\s*)?\(/,
    'defines a local call/post/api helper',
  ],
  [/\bfunction\s+(?:call|post|api)\s*[<(]/, 'defines a local call/post/api helper'],
  [/\.json\(\s*\)/, 'reads .json() without a type'],
  [/\.json<\s*any\s*>/, 'reads .json<any>()'],
];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') && full !== self ? [full] : [];
  });
}

function offencesIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      OFFENCES.filter(([pattern]) => pattern.test(line)).map(([, what]) => `:${i + 1} ${what}`),
    );
}

describe('server tests call routes typed', () => {
  const files = testFiles(src).map((file) => ({
    name: path.relative(src, file).split(path.sep).join('/'),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('finds the test files (the scan looks in the right place)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.name === 'testing/client.test.ts')).toBe(true);
  });

  it('no test defines a local call helper or reads an answer untyped', () => {
    const exempt = new Set(Object.keys(ALLOWED));
    const offences = files
      .filter((f) => !exempt.has(f.name))
      .flatMap((f) => offencesIn(f.text).map((o) => `${f.name}${o}`));
    expect(offences).toEqual([]);
  });

  it('lists only files that exist and still need it', () => {
    const stale = Object.keys(ALLOWED).filter((name) => {
      const file = files.find((f) => f.name === name);
      return !file || offencesIn(file.text).length === 0;
    });
    expect(stale).toEqual([]);
  });

  it('the scan catches each kind of offence and passes the typed forms', () => {
    const bad = [
      'const call = (method: string, url: string) => t.app.inject({ method, url });',
      'const post = async (url: string, payload: object) => inject(url, payload);',
      'const api = async <T>(url: string) => get<T>(url);',
      'async function call(url: string) {}',
      'expect(res.json().data.id).toBe(id);',
      'const body = res.json<any>();',
    ];
    for (const line of bad) expect(offencesIn(line), line).toHaveLength(1);
    const good = [
      "const res = await api.as('manager1').call(menuRoutes.listMenu);",
      "const call = await api.guest('QR-T1').call(requestsRoutes.callWaiter, { body: {} });",
      'const body = res.json<{ data: { token: string } }>();',
      'const api = client(t.app);',
      'expect(bodyOf(res)?.success).toBe(false);',
    ];
    for (const line of good) expect(offencesIn(line), line).toEqual([]);
  });
});
