import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A refusal's words come from the message catalog by code (`refuse('DAY_CLOSED', { date })`), so
// the envelope carries a code a client can word in its reader's language, and the English text
// lives in one place (packages/contract/src/i18n/catalogs/en.ts). A service that built an
// AppError from its own text would send a refusal no client can translate.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The one file that may build an AppError from text: the catalog's `refuse` lives there. */
const ERRORS_FILE = path.join(src, 'core', 'http', 'errors.ts');

const FORBIDDEN: [RegExp, string][] = [
  [/\bnew AppError\s*\(/, 'builds an AppError from its own text instead of refuse(CODE)'],
  [
    // (SQL's `on conflict (…)` is not a refusal.)
    /(?<!\bon )\b(badRequest|unauthorized|forbidden|notFound|conflict)\s*\(/,
    'refuses with a text helper instead of refuse(CODE)',
  ],
  [
    /\berrorBody\(\s*['"`]/,
    'sends an envelope worded inline instead of refusal(CODE) from the catalog',
  ],
];

function offences(text: string): string[] {
  return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
}

describe('refusals in the server', () => {
  const files = sourceFiles(src).filter((f) => f !== ERRORS_FILE);

  it('are looked for in the right place', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(path.join('orders', 'service.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('come from the message catalog by code, never from inline text', () => {
    const found = files.flatMap((file) =>
      offences(fs.readFileSync(file, 'utf8')).map((what) => `${path.relative(src, file)} ${what}`),
    );
    expect(found).toEqual([]);
  });

  it('the check itself catches an inline refusal, and lets a coded one through', () => {
    expect(offences("throw new AppError('CONFLICT', 'Table 4 is busy');")).toHaveLength(1);
    expect(offences('throw conflict(`Table ${n} is busy`);')).toHaveLength(1);
    expect(offences("throw notFound('Order not found');")).toHaveLength(1);
    expect(offences("reply.send(errorBody('Route not found', 'NOT_FOUND'));")).toHaveLength(1);
    expect(offences("reply.send(errorBody(`Request ${id} failed`, 'INTERNAL'));")).toHaveLength(1);
    expect(offences("reply.send(refusal('ROUTE_NOT_FOUND', { method, path }));")).toEqual([]);
    expect(offences("throw refuse('TABLE_NOT_FOUND');")).toEqual([]);
    expect(offences("throw refuse('DAY_CLOSED', { date });")).toEqual([]);
    expect(offences('insert … on conflict (restaurant_id, day) do nothing')).toEqual([]);
  });
});
