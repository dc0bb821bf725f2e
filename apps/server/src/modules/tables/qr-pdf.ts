import type { PrintLogo } from '../../platform/branding/index.js';
import {
  A4,
  addPage,
  createPdf,
  drawImage,
  openImage,
  pdfBytes,
  textAt,
  textWidth,
  type PdfImage,
} from '../../core/pdf/document.js';
import { BOLD, printable, REGULAR, useUnicodeFonts } from '../../core/pdf/fonts.js';
import { qrPng } from './qr-codes.js';

/** A brand for printed codes: its name, colour and logo, any of them. */
export interface PrintBrand {
  name: string;
  color?: string | undefined;
  logo?: PrintLogo | null | undefined;
}

/** What a sheet of table codes is drawn from: the brand, and each table's number and address. */
export interface QrSheetJob {
  brand: PrintBrand;
  tables: { number: number; orderUrl: string | null }[];
}

/** The brand's colour for a PDF (#rrggbb), or null when it has none or it is not one. */
function pdfColor(hex: string | undefined): string | null {
  return hex && /^#[0-9a-f]{6}$/i.test(hex) ? hex : null;
}

/**
 * A print-ready A4 PDF: one labelled code per table, one table per page, under the brand the
 * restaurant shows (its own on a white-label plan): its name, a band and the code in its colour,
 * its logo when it could be read. Drawn on a worker thread (qr-pdf-thread.ts).
 */
export async function renderQrSheetPdf({ brand, tables }: QrSheetJob): Promise<Uint8Array> {
  const name = printable(brand.name) || 'Tavola';
  const pdf = createPdf({ title: `${name} table QR codes` });
  useUnicodeFonts(pdf);
  const accent = pdfColor(brand.color);
  // Opened once, drawn on every page (the file holds it once). Bytes that are no PNG or JPEG
  // print the sheet without it.
  let logo: PdfImage | null = null;
  try {
    if (brand.logo) logo = openImage(pdf, brand.logo.bytes);
  } catch {
    logo = null;
  }
  const [width, height] = A4;
  const centered = (text: string, y: number, o: { font: string; size: number; color?: string }) =>
    textAt(pdf, text, (width - textWidth(pdf, text, o.font, o.size)) / 2, y, o);
  for (const table of tables) {
    if (!table.orderUrl) continue;
    addPage(pdf);
    const image = openImage(pdf, await qrPng(table.orderUrl, brand.color));
    const size = 340;
    if (accent) pdf.rect(0, 0, width, 24).fill(accent);
    if (logo) {
      const scale = Math.min(160 / logo.width, 56 / logo.height, 1);
      const w = logo.width * scale;
      const h = logo.height * scale;
      drawImage(pdf, logo, { x: (width - w) / 2, y: 100 - h / 2, width: w, height: h });
    }
    centered(name, 150, { font: REGULAR, size: 20, color: accent ?? '#4d4d4d' });
    centered(`Table ${table.number}`, 205, { font: BOLD, size: 48 });
    drawImage(pdf, image, { x: (width - size) / 2, y: 230, width: size, height: size });
    centered('Scan to see the menu, order and pay', 270 + size, { font: REGULAR, size: 16 });
    centered(table.orderUrl, height - 60, { font: REGULAR, size: 9, color: '#737373' });
  }
  return pdfBytes(pdf);
}
