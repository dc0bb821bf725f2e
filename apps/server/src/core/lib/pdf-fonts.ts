import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

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
/** The font files themselves (for pdfkit, which embeds and subsets them by itself). */
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

export interface UnicodeFonts {
  regular: PDFFont;
  bold: PDFFont;
  /**
   * The text as the font can draw it: control characters (tabs, line breaks) become spaces, and
   * characters the font has no glyph for (CJK, emoji) become '?', instead of failing the PDF.
   */
  printable: (text: string) => string;
}

/** Embeds DejaVu Sans (subset: only the glyphs used end up in the file). */
export async function embedUnicodeFonts(pdf: PDFDocument): Promise<UnicodeFonts> {
  pdf.registerFontkit(fontkit);
  const files = fontFiles();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const glyphs = new Set(regular.getCharacterSet());
  const printable = (text: string) =>
    Array.from(text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim())
      .map((ch) => (glyphs.has(ch.codePointAt(0)!) ? ch : '?'))
      .join('')
      .replace(/\?{2,}/g, '?');
  return { regular, bold, printable };
}
