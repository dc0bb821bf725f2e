import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { ALL_ROUTES } from './routes.js';
import type { RouteDef } from './common/route.js';

const dir = fileURLToPath(new URL('./refs/', import.meta.url));
const REGENERATE = 'UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts';

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RouteDef).operationId === 'string' &&
  typeof (value as RouteDef).path === 'string';

/** Every exported group of declared routes (`menuRoutes`, …), by its exported name. */
function routeGroups(): [string, Record<string, RouteDef>][] {
  return (Object.entries(contract) as [string, unknown][])
    .filter(
      (entry): entry is [string, Record<string, RouteDef>] =>
        entry[0].endsWith('Routes') &&
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        Object.values(entry[1]).length > 0 &&
        Object.values(entry[1]).every(isRoute),
    )
    .sort(([a], [b]) => a.localeCompare(b));
}

/** `menuRoutes` → `menu-routes.ts`. */
const fileOf = (name: string) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

const HEADER = [
  `// Generated from the route declarations; do not edit. After changing a route, run`,
  `// \`${REGENERATE}\`.`,
];

/** The files as the route declarations say they should read, by file name. */
async function expectedFiles(): Promise<Map<string, string>> {
  const config = await resolveConfig(path.join(dir, 'index.ts'));
  const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const pretty = (name: string, lines: string[]) =>
    format(lines.join('\n'), { ...config, filepath: path.join(dir, name) });
  const files = new Map<string, string>();
  const groups = routeGroups();
  for (const [name, group] of groups) {
    const entries = Object.entries(group).map(
      ([key, r]) =>
        `${key}: { operationId: ${q(r.operationId)}, method: ${q(r.method)}, path: ${q(r.path)}, scope: ${q(r.scope)} },`,
    );
    files.set(
      fileOf(name),
      await pretty(fileOf(name), [
        ...HEADER,
        "import type { RouteRefs } from '../common/route.js';",
        "import type * as contract from '../index.js';",
        '',
        `export const ${name}: RouteRefs<typeof contract.${name}> = {`,
        ...entries,
        '};',
      ]),
    );
  }
  files.set(
    'index.ts',
    await pretty('index.ts', [
      ...HEADER,
      '//',
      '// The web imports these (from `@tavola/contract/refs`) instead of the declarations: the same',
      '// names with the method, path and scope of each route and none of its zod schemas, one file',
      '// per group so a page carries only the groups it calls.',
      ...groups.map(
        ([name]) => `export { ${name} } from './${fileOf(name).replace(/\.ts$/, '.js')}';`,
      ),
    ]),
  );
  return files;
}

describe('route references for the web', () => {
  it(`match the route declarations (regenerate: ${REGENERATE})`, async () => {
    const expected = await expectedFiles();
    if (process.env.UPDATE_ROUTE_REFS === '1') {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      for (const [name, source] of expected) fs.writeFileSync(path.join(dir, name), source);
    }
    const actual = new Map(
      fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
    );
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [name, source] of expected) expect(actual.get(name), name).toBe(source);
  });

  it('stand for every declared route and for nothing else', async () => {
    const refs = (await import('./refs/index.js')) as Record<
      string,
      Record<string, { operationId: string }>
    >;
    // A route may sit in two groups (the period reports are also reports), never elsewhere.
    const referenced = new Set(
      Object.values(refs).flatMap((group) => Object.values(group).map((r) => r.operationId)),
    );
    expect([...referenced].sort()).toEqual(ALL_ROUTES.map((r) => r.operationId).sort());
  });
});
