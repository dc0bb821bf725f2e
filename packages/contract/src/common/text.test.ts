import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMultiLineText, isSingleLineText, multiLine, singleLine } from '../index.js';

describe('safe text', () => {
  const controls = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0080', '\u0085', '\u009f'];

  it('refuses every C0 and C1 control and DEL in single-line text, line breaks included', () => {
    for (const c of [...controls, '\t', '\n', '\r', '\u2028', '\u2029']) {
      expect(isSingleLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
    expect(isSingleLineText('Crème brûlée 🍮 — ½ (vegan)')).toBe(true);
  });

  it('allows tab and line breaks in multi-line text, and nothing else of the controls', () => {
    for (const c of controls) expect(isMultiLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
    expect(isMultiLineText('no onions\r\n\textra sauce')).toBe(true);
  });

  it('checks a string schema with a message naming the field', () => {
    const name = z.string().trim().check(singleLine('Name'));
    expect(name.safeParse('  Soup ').data).toBe('Soup');
    expect(name.safeParse('So\u0000up').error?.issues[0]?.message).toBe(
      'Name cannot contain control characters',
    );
    expect(z.string().check(multiLine('notes')).safeParse('a\nb').success).toBe(true);
  });
});
