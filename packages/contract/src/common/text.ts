import { z } from 'zod';

/**
 * Control characters in text a person types. PostgreSQL refuses U+0000 in text and JSON, and the
 * others (escape sequences, C1 controls, stray line breaks in a name) only ever arrive by mistake
 * or on purpose to corrupt a screen, a log line, a receipt or a CSV export.
 *
 * Single-line text (names, usernames, categories, tags, tokens, URLs) refuses every C0 control
 * (tab and line breaks included), DEL, the C1 controls and the Unicode line and paragraph
 * separators. Multi-line text (order notes, a call-waiter message, a description) also allows
 * tab, line feed and carriage return.
 */
const TAB = 0x09;

const LINE_FEED = 0x0a;

const CARRIAGE_RETURN = 0x0d;

function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

export function isSingleLineText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) || code === 0x2028 || code === 0x2029) return false;
  }
  return true;
}

export function isMultiLineText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) {
      return false;
    }
  }
  return true;
}

export const controlCharactersMessage = (field: string) =>
  `${field} cannot contain control characters`;

/** A check for a string schema: `z.string().trim().max(40).check(singleLine('Category'))`. */
export const singleLine = (field: string) =>
  z.refine<string>(isSingleLineText, controlCharactersMessage(field));

/** Like `singleLine`, but line breaks and tabs are allowed. */
export const multiLine = (field: string) =>
  z.refine<string>(isMultiLineText, controlCharactersMessage(field));
