import * as contract from '@tavola/contract';
import type { HttpMethod, RouteDef } from '@tavola/contract';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function isRoute(value: unknown): value is RouteDef {
  if (!value || typeof value !== 'object') return false;
  const route = value as Partial<RouteDef>;
  return (
    typeof route.method === 'string' &&
    METHODS.includes(route.method) &&
    typeof route.path === 'string' &&
    route.path.startsWith('/') &&
    typeof route.operationId === 'string' &&
    'response' in route
  );
}

/**
 * Every route the contract declares, found among its exports: a route itself, or a group of
 * routes (an object or array of them), however a domain chose to name them.
 */
function collectRoutes(): RouteDef[] {
  const found = new Set<RouteDef>();
  for (const value of Object.values(contract) as unknown[]) {
    if (isRoute(value)) found.add(value);
    else if (value && typeof value === 'object' && !('_zod' in value)) {
      for (const inner of Object.values(value as Record<string, unknown>)) {
        if (isRoute(inner)) found.add(inner);
      }
    }
  }
  return [...found];
}

export const contractRoutes: readonly RouteDef[] = collectRoutes();

/** A segment with a param inside a literal (`qr.:format`) as a pattern of its own. */
function segmentPattern(part: string): RegExp {
  const source = part
    .split(/(:[A-Za-z0-9_]+)/)
    .map((piece) =>
      piece.startsWith(':') ? '[^/.]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * How closely a route's path fits a request path: null when it does not, otherwise one mark per
 * segment (3 for a literal, 2 for a param inside a literal, 1 for a `:param`), so the literal
 * `/api/tables/floor` wins over `/api/tables/:id` as it does on the server.
 */
function fit(pattern: string, pathname: string): number[] | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const marks: number[] = [];
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    const value = got[i]!;
    if (part === value) marks.push(3);
    else if (/^:[A-Za-z0-9_]+$/.test(part)) {
      if (!value) return null;
      marks.push(1);
    } else if (part.includes(':') && segmentPattern(part).test(value)) marks.push(2);
    else return null;
  }
  return marks;
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/** The contract's route for a method and a path without its query string (`/api/tables/t1/close`). */
export function findRoute(method: string, pathname: string): RouteDef | undefined {
  let best: { route: RouteDef; marks: number[] } | undefined;
  for (const route of contractRoutes) {
    if (route.method !== (method.toUpperCase() as HttpMethod)) continue;
    const marks = fit(route.path, pathname);
    if (marks && (!best || better(marks, best.marks))) best = { route, marks };
  }
  return best?.route;
}
