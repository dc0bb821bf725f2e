import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The Node version the README promises. */
const PROMISED = [20, 19, 0] as const;

type Version = readonly number[];

const parse = (text: string): Version =>
  text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+/.exec(part) ? Number(/^\d+/.exec(part)![0]) : 0));

const compare = (a: Version, b: Version) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/** One comparator of an npm range (">=18", "^20.9.0", "~1.2", "20.x", "*"). */
function satisfiesOne(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|\^|~|=)?\s*v?([\d.xX*]+)$/.exec(comparator.trim());
  if (!m) return true; // anything unusual is not this check's business
  const [, op = '=', raw = '*'] = m;
  if (raw === '*' || /^[xX*]/.test(raw)) return true;
  const parts = raw
    .split('.')
    .filter((p) => /^\d+$/.test(p))
    .map(Number);
  const base = parse(raw);
  const c = compare(v, base);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^':
      return c >= 0 && v[0] === base[0];
    case '~':
      return c >= 0 && v[0] === base[0] && (parts.length < 2 || v[1] === base[1]);
    default:
      // "20" or "20.x" mean that major; a full version means exactly it.
      return parts.every((p, i) => v[i] === p);
  }
}

/** Whether `v` satisfies an npm range: alternatives joined by "||", each a set of comparators. */
function satisfies(v: Version, range: string): boolean {
  return range.split('||').some((alternative) => {
    const set = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1');
    return set === '' || set.split(/\s+/).every((comparator) => satisfiesOne(v, comparator));
  });
}

describe('the installed packages and the Node version the README promises', () => {
  it('reads npm ranges as npm does, for the cases the lockfile holds', () => {
    expect(satisfies(PROMISED, '>=22')).toBe(false);
    expect(satisfies(PROMISED, '>= 18')).toBe(true);
    expect(satisfies(PROMISED, '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies(PROMISED, '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies(PROMISED, '>=20.19.5')).toBe(false);
    expect(satisfies(PROMISED, '>=14 <21')).toBe(true);
    expect(satisfies(PROMISED, '20.x')).toBe(true);
  });

  it('installs nothing that asks for a newer Node (optional platform builds aside)', () => {
    const lock = JSON.parse(
      readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'),
    ) as {
      packages: Record<string, { version?: string; optional?: boolean; engines?: unknown }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([path, p]) => {
      const node = (p.engines as { node?: unknown } | undefined)?.node;
      if (typeof node !== 'string' || p.optional) return [];
      return satisfies(PROMISED, node) ? [] : [`${path}@${p.version} wants node ${node}`];
    });
    expect(refusing).toEqual([]);
  });
});
