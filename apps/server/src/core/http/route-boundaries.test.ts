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

/** The manifests the app registers modules from (each module's `module.ts`). */
const MANIFESTS = [path.join(src, 'modules', 'index.ts'), path.join(src, 'platform', 'index.ts')];

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('module boundaries (DESIGN.md: modules -> core, platform -> core, never core -> modules, no cycles)', () => {
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
    ]
      .filter((file) => !MANIFESTS.includes(file))
      .flatMap((file) => {
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

  it("only the manifests import a module's module.ts, and they import nothing else of a module", () => {
    const all = [
      ...sourceFiles(src),
      ...fs
        .readdirSync(src, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
        .map((e) => path.join(e.parentPath, e.name)),
    ];
    const offences = all.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((target) =>
          MANIFESTS.includes(file)
            ? path.basename(target) !== 'module.js' &&
              !target.includes(`${path.sep}core${path.sep}`)
            : path.basename(target) === 'module.js' && /[/\\](modules|platform)[/\\]/.test(target),
        )
        .map((target) => `${path.relative(src, file)} imports ${path.relative(src, target)}`),
    );
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

  it('no import cycles between modules and platform areas, but the known ones being broken up', () => {
    const graph = moduleGraph();
    expect(graph.get('modules/orders')?.size).toBeGreaterThan(0);
    // Tickets depend on orders, never the other way round.
    expect(graph.get('modules/orders')?.has('modules/tickets')).toBe(false);
    // The service core of a sitting still reaches round (tables <-> dining sessions, orders <->
    // business days, a bill's close -> payments -> orders -> sessions). Cutting these needs their
    // shared rules moved out; until then no module may join this group and no other cycle may
    // appear. A module leaving it updates the list.
    const KNOWN = [
      'modules/business-days',
      'modules/dining-sessions',
      'modules/menu',
      'modules/orders',
      'modules/payments',
      'modules/receipts',
      'modules/tables',
    ];
    const cycles = cyclicGroups(graph);
    expect(cycles).toEqual([KNOWN]);
    const rest = new Map(
      [...graph]
        .filter(([node]) => !KNOWN.includes(node))
        .map(([node, edges]) => [node, new Set([...edges].filter((to) => !KNOWN.includes(to)))]),
    );
    expect(findCycle(rest)).toBeNull();
  });

  it('the cycle check itself finds a cycle', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['modules/c'])],
      ['modules/c', new Set(['modules/a'])],
    ]);
    expect(findCycle(graph)).toEqual(['modules/a', 'modules/b', 'modules/c', 'modules/a']);
  });
});

describe('stations', () => {
  it("are read from the contract's STATION_INFO, not decided by ternaries on their names", () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src'].map((dir) =>
      path.resolve(src, '../../..', dir),
    );
    const files = roots.flatMap((root) =>
      fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name)),
    );
    expect(files.some((f) => f.endsWith(path.join('menu', 'categories.ts')))).toBe(true);
    const TERNARY = /\bstation\w*\s*===\s*'(kitchen|bar)'\s*\?/i;
    const offences = files
      .filter((file) => !file.endsWith(path.join('menu', 'categories.ts')))
      .filter((file) => TERNARY.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(path.resolve(src, '../../..'), file));
    expect(offences).toEqual([]);
    expect(TERNARY.test("type: ticket.station === 'kitchen' ? 'a' : 'b'")).toBe(true);
  });
});

/** The module (or platform area) a source file belongs to, or null outside them. */
function moduleOf(file: string): string | null {
  const [top, name] = path.relative(src, file).split(path.sep);
  return (top === 'modules' || top === 'platform') && name && !name.endsWith('.ts')
    ? `${top}/${name}`
    : null;
}

/** Which modules each module's source files import (the manifests are not modules). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [
    ...sourceFiles(path.join(src, 'modules')),
    ...sourceFiles(path.join(src, 'platform')),
  ]) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The groups of modules that reach each other (strongly connected, more than one), sorted. */
function cyclicGroups(graph: Map<string, Set<string>>): string[][] {
  const reach = (from: string) => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length > 0) {
      for (const next of graph.get(todo.pop()!) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          todo.push(next);
        }
      }
    }
    return seen;
  };
  const reaches = new Map([...graph.keys()].map((node) => [node, reach(node)]));
  const groups = new Map<string, string[]>();
  for (const node of [...graph.keys()].sort()) {
    const group = [...graph.keys()]
      .filter(
        (other) =>
          other === node || (reaches.get(node)!.has(other) && reaches.get(other)!.has(node)),
      )
      .sort();
    if (group.length > 1) groups.set(group.join(' '), group);
  }
  return [...groups.values()];
}

/** A cycle in the graph as the path that closes it (first node repeated at the end), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = stack.indexOf(node);
    if (at >= 0) return [...stack.slice(at), node];
    if (done.has(node)) return null;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}
