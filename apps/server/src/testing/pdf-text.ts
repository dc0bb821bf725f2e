import zlib from 'node:zlib';

/**
 * The text drawn in a PDF written by pdfkit with embedded fonts, for tests: each text operation's
 * string, in drawing order. pdfkit writes a text as glyph ids (hex) of a subset font; each font
 * carries a ToUnicode map from those ids back to characters, which this reads. Handles pdfkit's
 * own output only (Flate-compressed or not), not PDFs in general.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  const objectPattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (const m of source.matchAll(objectPattern)) {
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
  const ref = (dict: string, key: string) => new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1];

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
