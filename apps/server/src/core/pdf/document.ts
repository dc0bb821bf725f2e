import PDFDocument from 'pdfkit';

/**
 * Every PDF of the server is drawn with pdfkit (docs/decisions/0009-one-pdf-library.md). These
 * are the few things each drawer needs the same way: a document with no page yet, pages without
 * margins (a drawer places everything itself), a line of text at a baseline, and the bytes.
 */
export type Pdf = PDFKit.PDFDocument;

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];

/** A new PDF with its title (what a viewer shows), no page yet. */
export function createPdf(
  info: { title: string; subject?: string },
  options: { compress?: boolean } = {},
): Pdf {
  return new PDFDocument({
    autoFirstPage: false,
    compress: options.compress ?? true,
    info: {
      Title: info.title,
      ...(info.subject === undefined ? {} : { Subject: info.subject }),
      Creator: 'Tavola',
    },
  });
}

/** Adds a page of `size` points, with no margins. */
export function addPage(pdf: Pdf, size: [number, number] = A4): void {
  pdf.addPage({ size, margin: 0 });
}

/** The width of a text in a font and size. */
export function textWidth(pdf: Pdf, text: string, font: string, size: number): number {
  return pdf.font(font).fontSize(size).widthOfString(text);
}

/**
 * One line of text, its left end at `x` and its baseline `y` points from the top of the page,
 * never wrapped (a drawer fits its texts itself).
 */
export function textAt(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  o: { font: string; size: number; color?: string },
): void {
  pdf
    .font(o.font)
    .fontSize(o.size)
    .fillColor(o.color ?? '#000000')
    .text(text, x, y, { lineBreak: false, baseline: 'alphabetic' });
}

/** A straight line from (x1, y1) to (x2, y2), from the top of the page. */
export function lineAt(
  pdf: Pdf,
  [x1, y1]: [number, number],
  [x2, y2]: [number, number],
  o: { width: number; color: string },
): void {
  pdf.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(o.width).strokeColor(o.color).stroke();
  pdf.restore();
}

/** A PNG or JPEG opened for a PDF: its size in pixels as shown (turned as its EXIF says). */
export interface PdfImage {
  width: number;
  height: number;
  /** pdfkit's own image object. */
  image: unknown;
}

/** pdfkit's image object (its `openImage` is not in its typings). */
interface OpenedImage {
  width: number;
  height: number;
  orientation?: number;
}

/**
 * Opens a PNG or JPEG once, to draw it on as many pages as needed (the file holds it once).
 * Throws if the bytes are neither.
 */
export function openImage(pdf: Pdf, bytes: Uint8Array): PdfImage {
  const opened = (pdf as unknown as { openImage(src: Buffer): OpenedImage }).openImage(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  const turned = (opened.orientation ?? 1) > 4;
  return {
    width: turned ? opened.height : opened.width,
    height: turned ? opened.width : opened.height,
    image: opened,
  };
}

/** Draws an opened image in a box (its top-left corner at x, y from the top of the page). */
export function drawImage(
  pdf: Pdf,
  image: PdfImage,
  box: { x: number; y: number; width: number; height: number },
): void {
  pdf.image(image.image as Buffer, box.x, box.y, { width: box.width, height: box.height });
}

/** Ends the PDF and gives its bytes once written (in a buffer of their own, to transfer). */
export function pdfBytes(pdf: Pdf): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.once('error', reject);
    pdf.once('end', () => {
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      resolve(bytes);
    });
    pdf.end();
  });
}
