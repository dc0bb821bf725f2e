import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create as openFont } from 'fontkit';
import type { Pdf } from './document.js';

/** The vendored DejaVu Sans (Latin, Greek, Cyrillic, Arabic letters…), from source or bundle. */
function fontsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../assets/fonts'),
    path.resolve(here, '../assets/fonts'),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'DejaVuSans.ttf')));
  if (!found) throw new Error(`PDF fonts not found (looked in ${candidates.join(', ')})`);
  return found;
}

let cache: { regular: Buffer; bold: Buffer } | null = null;
/** The font files themselves (pdfkit embeds them, keeping only the glyphs a PDF uses). */
export function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!cache) {
    const dir = fontsFolder();
    cache = {
      regular: fs.readFileSync(path.join(dir, 'DejaVuSans.ttf')),
      bold: fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')),
    };
  }
  return cache;
}

let glyphs: Set<number> | null = null;
/** The characters DejaVu Sans has a glyph for (read once per process). */
function characterSet(): Set<number> {
  if (!glyphs) {
    const font = openFont(fontFiles().regular);
    if (!('characterSet' in font)) throw new Error('DejaVuSans.ttf is a font collection');
    glyphs = new Set(font.characterSet);
  }
  return glyphs;
}

/**
 * The text as the embedded font can draw it: control characters (tabs, line breaks) become
 * spaces, and characters the font has no glyph for (CJK, emoji) become '?', instead of an empty
 * box.
 */
export function printable(text: string): string {
  const set = characterSet();
  return Array.from(text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim())
    .map((ch) => (set.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('')
    .replace(/\?{2,}/g, '?');
}

/** The names a PDF's text is drawn with, once `useUnicodeFonts` registered them. */
export const REGULAR = 'regular';
export const BOLD = 'bold';
export type FontName = typeof REGULAR | typeof BOLD;

/** Registers DejaVu Sans (regular and bold) in a PDF as `REGULAR` and `BOLD`, current: regular. */
export function useUnicodeFonts(pdf: Pdf, fonts = fontFiles()): void {
  pdf.registerFont(REGULAR, fonts.regular);
  pdf.registerFont(BOLD, fonts.bold);
  pdf.font(REGULAR);
}
