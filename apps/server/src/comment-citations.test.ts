import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const thisFile = fileURLToPath(import.meta.url);

/** Where the source lives: every folder of code a successor reads. */
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'scripts', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'data']);
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];

/**
 * A comment that sends the reader to a numbered issue or a section of the specification. Neither
 * is in the repository, so a newcomer cannot follow it: a comment says the rule or the reason
 * itself, or points at a document in docs/.
 */
const CITATION = /\b[Ii]ssues? \d+|\b[Ss][Pp][Ee][Cc]\s*§|§\s?\d/;

/**
 * The comments of a source file, in order. A small scanner, not a parser: it knows strings
 * (quoted ones end at the line's end at the latest) and template literals well enough that a
 * test name or a URL is not taken for a comment.
 */
function commentsOf(source: string): string[] {
  const comments: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      comments.push(source.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      comments.push(source.slice(i, stop));
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\') i++;
        else if (c !== '`' && source[i] === '\n') break;
        i++;
      }
      i++;
    } else {
      i++;
    }
  }
  return comments;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) ? [full] : [];
  });
}

describe('comments in the source', () => {
  it('are told apart from strings and template literals', () => {
    const source = [
      "describe('backups (issue 15, item 6)', () => {});",
      'const url = "https://example.com/a"; // a comment',
      'const t = `multi',
      '// not a comment, inside the template',
      'line`;',
      '/** a block',
      ' * comment */',
      "const q = 'it\\'s'; // another",
    ].join('\n');
    expect(commentsOf(source)).toEqual([
      '// a comment',
      '/** a block\n * comment */',
      '// another',
    ]);
  });

  it('recognise a citation in every form it takes', () => {
    for (const sample of [
      '// see issue 4',
      '/** The rule (issue 15, item 5). */',
      '// Spec §6: who receives what',
      "// spec §2's tabs",
      '// SPEC §3',
      '// beyond §6',
    ]) {
      expect(CITATION.test(sample), sample).toBe(true);
    }
    for (const sample of [
      '// see docs/decisions/0003-money.md',
      '// the spec of the route',
      '// tissue 3',
    ]) {
      expect(CITATION.test(sample), sample).toBe(false);
    }
  });

  it('never send the reader to an issue number or a section of the specification', () => {
    const offenders = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))
      .filter((file) => file !== thisFile)
      .flatMap((file) => {
        const source = fs.readFileSync(file, 'utf8');
        return commentsOf(source)
          .flatMap((comment) => comment.split('\n'))
          .filter((line) => CITATION.test(line))
          .map((line) => `${path.relative(repoRoot, file)}: ${line.trim()}`);
      });
    expect(offenders).toEqual([]);
  });
});
