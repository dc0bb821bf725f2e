import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** An API address written out in a string or template literal: `'/api/…'`, `"/api/…"`, `` `/api/…` ``. */
const HAND_WRITTEN = /['"`]\/api\//;

function findPaths(source: string): string[] {
  // Comments may name an address; only code counts.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return code.split('\n').filter((line) => HAND_WRITTEN.test(line));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('API addresses in the web', () => {
  it('are recognised in every form the scan looks for', () => {
    for (const sample of [
      "apiRequest('/api/tables')",
      'fetch("/api/auth/profile")',
      'managerRequest(`/api/tables/${id}/close`)',
      "const path = '/api/reports/' + kind;",
    ]) {
      expect(findPaths(sample), sample).not.toEqual([]);
    }
    for (const sample of [
      'call(tableRoutes.close, { params: { id } })',
      'new WebSocket(`${origin}/ws`)',
      '// the old /api/tables path',
      "/** reads '/api/tables' */",
    ]) {
      expect(findPaths(sample), sample).toEqual([]);
    }
  });

  it('come only from the routes the contract declares', () => {
    // Tests fake the server by its addresses; the fake checks each against the contract.
    const offenders = sourceFiles(webSrc)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        findPaths(fs.readFileSync(file, 'utf8')).map(
          (line) => `${path.relative(webSrc, file)}: ${line.trim()}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('are called through route references, never the declarations with their schemas', () => {
    // `@tavola/contract` route groups carry their zod schemas into whichever page imports them;
    // `@tavola/contract/refs` has the same names with method, path and scope only.
    const fromDeclarations = /import\s*\{[^}]*\b\w+Routes\b[^}]*\}\s*from\s*'@tavola\/contract'/;
    const offenders = sourceFiles(webSrc)
      .filter(
        (file) => !/\.test\.tsx?$/.test(file) && !file.includes(`${path.sep}testing${path.sep}`),
      )
      .filter((file) => fromDeclarations.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(webSrc, file));
    expect(offenders).toEqual([]);
    expect(fromDeclarations.test("import { menuRoutes, type Menu } from '@tavola/contract';")).toBe(
      true,
    );
    expect(fromDeclarations.test("import { menuRoutes } from '@tavola/contract/refs';")).toBe(
      false,
    );
  });
});
