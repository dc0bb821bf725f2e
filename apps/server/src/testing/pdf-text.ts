import zlib from 'node:zlib';

/**
 * Reading the PDFs the server writes, for tests. Every PDF is written by pdfkit, which keeps each
 * object in plain sight (no object streams) and compresses only stream contents (Flate); this
 * reads that output, not PDFs in general.
 */
interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function pdfObjects(pdf: Uint8Array): Map<string, PdfObject> {
  const source = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const m of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = streamAt + 'stream'.length;
    if (body[start] === '\r') start++;
    if (body[start] === '\n') start++;
    const end = body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/Filter\s*\/FlateDecode/.test(dict)) raw = zlib.inflateSync(raw);
    objects.set(m[1]!, { dict, stream: raw });
  }
  return objects;
}

const ref = (dict: string, key: string) => new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1];

/** A PDF literal string's text: escapes undone, UTF-16 (with its byte order mark) decoded. */
function literal(body: string): string {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const bytes = body.replace(/\\([0-7]{1,3}|[\s\S])/g, (_, c: string) =>
    /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : (escapes[c] ?? c),
  );
  if (!bytes.startsWith('\xfe\xff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

/** A PDF's page count and title (its document information), as a viewer shows them. */
export function pdfInfo(pdf: Uint8Array): { pages: number; title: string | undefined } {
  const objects = pdfObjects(pdf);
  const pages = [...objects.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict)).length;
  const source = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const info = ref(source.slice(source.lastIndexOf('trailer')), 'Info');
  const dict = info ? (objects.get(info)?.dict ?? '') : '';
  // pdfkit writes each value of the information as an object of its own.
  const value = ref(dict, 'Title');
  const string = value ? (objects.get(value)?.dict ?? '') : '';
  const title = /^\s*\(((?:\\[\s\S]|[^\\)])*)\)/.exec(string)?.[1];
  return { pages, title: title === undefined ? undefined : literal(title) };
}

/**
 * The text drawn in a PDF with embedded fonts: each text operation's string, in drawing order.
 * pdfkit writes a text as glyph ids (hex) of a subset font; each font carries a ToUnicode map
 * from those ids back to characters, which this reads.
 */
export function pdfText(pdf: Uint8Array): string[] {
  const objects = pdfObjects(pdf);

  // Each font object's glyph id → text.
  const cmaps = new Map<string, Map<number, string>>();
  for (const [id, o] of objects) {
    if (!/\/Type\s*\/Font/.test(o.dict)) continue;
    const toUnicode = ref(o.dict, 'ToUnicode');
    const cmap = toUnicode ? objects.get(toUnicode)?.stream?.toString('latin1') : undefined;
    if (!cmap) continue;
    const map = new Map<number, string>();
    for (const r of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const first = parseInt(r[1]!, 16);
      [...r[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((u, i) => {
        const units = u[1]!.split(' ').map((h) => parseInt(h, 16));
        map.set(first + i, String.fromCharCode(...units));
      });
    }
    cmaps.set(id, map);
  }

  const lines: string[] = [];
  for (const o of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(o.dict)) continue;
    // The page's font names (/F1 …) and its content stream.
    const resources = ref(o.dict, 'Resources');
    const resourceDict = resources ? (objects.get(resources)?.dict ?? '') : o.dict;
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resourceDict)?.[1] ?? '';
    const fonts = new Map<string, string>();
    for (const f of fontBlock.matchAll(/\/(\S+)\s+(\d+) 0 R/g)) fonts.set(f[1]!, f[2]!);
    const contents = ref(o.dict, 'Contents');
    const content = contents ? objects.get(contents)?.stream?.toString('latin1') : undefined;
    if (!content) continue;
    let font: Map<number, string> | undefined;
    const ops =
      /\/(\S+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-f]*)>\s*Tj/gi;
    for (const op of content.matchAll(ops)) {
      if (op[1]) {
        font = cmaps.get(fonts.get(op[1]) ?? '');
        continue;
      }
      const hex =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!) : [op[3]!];
      let text = '';
      for (const h of hex) {
        for (let i = 0; i + 4 <= h.length; i += 4)
          text += font?.get(parseInt(h.slice(i, i + 4), 16)) ?? '?';
      }
      lines.push(text);
    }
  }
  return lines;
}
