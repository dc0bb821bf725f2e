import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Writes go through a service's unit of work (DESIGN.md "Writes"): it records the events last in
// the transaction and publishes them after the commit. A route that recorded or published on
// its own could publish what then rolls back, or take the event counter's lock too early.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /(^|-)routes\.ts$/.test(entry.name) ? [full] : [];
  });
}

const FORBIDDEN: [RegExp, string][] = [
  [
    /core\/events\/(recorder|unit-of-work)(\.js)?['"]/,
    'imports the event recorder or unit of work',
  ],
  [/\brecordEvents?\s*\(/, 'records events'],
  [/\.publish\s*\(/, 'publishes events'],
  [/\.publishDisconnect\s*\(/, 'publishes a disconnect'],
  [/insert\(\s*(events|auditLog)\s*\)/, 'writes events or the audit log'],
  [/\.transaction\s*\(/, 'opens its own transaction'],
];

describe('route files', () => {
  const files = [
    ...routeFiles(path.join(src, 'modules')),
    ...routeFiles(path.join(src, 'platform')),
  ];

  it('are found (the check is looking in the right place)', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((f) => f.endsWith(path.join('orders', 'guest-routes.ts')))).toBe(true);
  });

  it('never record or publish events, write the audit log or open a transaction', () => {
    const offences = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(
        ([, what]) => `${path.relative(src, file)} ${what}`,
      );
    });
    expect(offences).toEqual([]);
  });

  it('the check itself catches a route that publishes', () => {
    const bad = "app.post('/x', async () => { app.bus.publish(await recordEvents(tx, id, [])); });";
    expect(FORBIDDEN.filter(([pattern]) => pattern.test(bad)).length).toBeGreaterThan(0);
  });
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('module boundaries (DESIGN.md: modules -> core, platform -> core, never core -> modules)', () => {
  it('core never imports a module or the platform', () => {
    const offences = sourceFiles(path.join(src, 'core')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => /\/(modules|platform)\//.test(spec))
        .map((spec) => `${path.relative(src, file)} imports ${spec}`),
    );
    expect(offences).toEqual([]);
  });

  it('a module reaches another module (or a platform area) only through its index.ts', () => {
    const offences = [
      ...sourceFiles(path.join(src, 'modules')),
      ...sourceFiles(path.join(src, 'platform')),
    ].flatMap((file) => {
      const own = path.dirname(file);
      return importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => path.resolve(own, spec))
        .filter((target) => {
          const inside = /[/\\](modules|platform)[/\\]/.test(target);
          return inside && path.dirname(target) !== own && path.basename(target) !== 'index.js';
        })
        .map((target) => `${path.relative(src, file)} imports ${path.relative(src, target)}`);
    });
    expect(offences).toEqual([]);
  });

  it("a table's row changes only in the tables module (its status machine is tables/status.ts)", () => {
    const offences = sourceFiles(path.join(src, 'modules'))
      .filter((file) => !file.includes(`${path.sep}tables${path.sep}`))
      .filter((file) => /\.update\(\s*tables\s*\)/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offences).toEqual([]);
  });

  it("an order's status is written only by orders/status.ts", () => {
    const offences = sourceFiles(path.join(src, 'modules'))
      .filter((file) => !file.endsWith(path.join('orders', 'status.ts')))
      .filter((file) =>
        /\.update\(\s*orders\s*\)\s*\.set\(\{[^}]*\bstatus\b/.test(fs.readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(src, file));
    expect(offences).toEqual([]);
  });
});
