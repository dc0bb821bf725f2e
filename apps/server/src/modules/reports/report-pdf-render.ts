import PDFDocument from 'pdfkit';
import {
  reportLabel as l,
  type ReportChart,
  type ReportDocument,
  type ReportTable,
} from '@tavola/contract';

/**
 * A report as a PDF (pdfkit): A4, DejaVu Sans embedded (subset) so any name a restaurant types
 * prints, the headline figures, charts drawn as vectors (bars and lines, no images) and the
 * tables, their column titles repeated on each page. Drawing is synchronous work, so it runs on
 * a worker thread (report-pdf-worker.ts) and the bytes stream out as they are written.
 */
export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
/** About 100 pages; drawing takes about 0.1 ms a cell (bench/README.md). */
const PDF_MAX_TABLE_ROWS = 5000;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const BRAND = '#c2410c';
const MUTED = '#57534e';
const RULE = '#d6d3d1';

export function renderReportPdf(
  report: ReportDocument,
  fonts: PdfFonts,
  options: { compress?: boolean } = {},
): PDFKit.PDFDocument {
  const pdf = new PDFDocument({
    size: 'A4',
    // No bottom margin for pdfkit: the layout below breaks pages itself (at BOTTOM), and a text
    // pdfkit thought too low would otherwise start a page of its own.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 0 },
    compress: options.compress ?? true,
    info: {
      Title: l('PDF_TITLE', { title: report.title, restaurant: report.restaurant }),
      Subject: report.period,
      Creator: 'Tavola',
    },
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  let y = PAGE.margin;

  const text = (
    value: string,
    x: number,
    top: number,
    o: { size?: number; bold?: boolean; color?: string; width?: number; align?: 'left' | 'right' },
  ) => {
    pdf
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? '#1c1917');
    const width = o.width ?? WIDTH;
    pdf.text(fit(value, width), x, top, {
      width,
      align: o.align ?? 'left',
      lineBreak: false,
    });
  };
  /** Shortens a text to its width with an ellipsis (the current font and size). */
  const fit = (value: string, width: number) => {
    if (pdf.widthOfString(value) <= width) return value;
    let cut = value;
    while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    pdf.addPage();
    y = PAGE.margin;
  };

  // Title block.
  text(report.title, PAGE.margin, y, { size: 18, bold: true });
  y += 26;
  text(report.restaurant, PAGE.margin, y, { size: 12 });
  y += 17;
  text(
    l('PDF_SUBTITLE', {
      period: report.period,
      currency: report.currency,
      at: report.generatedAt,
    }),
    PAGE.margin,
    y,
    { size: 9, color: MUTED },
  );
  y += 22;

  // Headline figures, four to a row.
  const perRow = 4;
  const boxWidth = WIDTH / perRow;
  report.summary.forEach((s, i) => {
    const col = i % perRow;
    if (col === 0 && i > 0) y += 34;
    const x = PAGE.margin + col * boxWidth;
    text(s.label, x, y, { size: 8, color: MUTED, width: boxWidth - 8 });
    text(s.value, x, y + 11, { size: 12, bold: true, width: boxWidth - 8 });
  });
  y += 44;

  for (const chart of report.charts) {
    // A chart of nothing but zeros says nothing the figures above do not.
    if (!chart.values.some((v) => v > 0)) continue;
    room(190);
    drawChart(chart);
    y += 190;
  }
  for (const table of report.tables) drawTable(table);
  pdf.end();
  return pdf;

  function drawChart(chart: ReportChart) {
    text(chart.title, PAGE.margin, y, { size: 11, bold: true });
    const left = PAGE.margin + 48;
    const top = y + 20;
    const width = WIDTH - 48;
    const height = 130;
    const max = niceMax(Math.max(...chart.values, 0));
    // Grid lines and their values.
    pdf.lineWidth(0.5);
    for (let i = 0; i <= 4; i++) {
      const gy = top + height - (height * i) / 4;
      pdf
        .moveTo(left, gy)
        .lineTo(left + width, gy)
        .strokeColor(RULE)
        .stroke();
      text(formatAxis((max * i) / 4), PAGE.margin, gy - 4, {
        size: 7,
        color: MUTED,
        width: 44,
        align: 'right',
      });
    }
    const n = chart.values.length;
    const step = width / n;
    const yOf = (v: number) => top + height - (max ? (v / max) * height : 0);
    if (chart.kind === 'bars') {
      const bar = Math.max(1, step * 0.7);
      chart.values.forEach((v, i) => {
        const h = top + height - yOf(v);
        if (h > 0) pdf.rect(left + i * step + (step - bar) / 2, yOf(v), bar, h).fill(BRAND);
      });
    } else {
      chart.values.forEach((v, i) => {
        const px = left + i * step + step / 2;
        if (i === 0) pdf.moveTo(px, yOf(v));
        else pdf.lineTo(px, yOf(v));
      });
      pdf.lineWidth(1.5).strokeColor(BRAND).stroke();
    }
    // Category labels, thinned out so they never overlap.
    const every = Math.max(1, Math.ceil(n / Math.floor(width / 34)));
    chart.labels.forEach((label, i) => {
      if (i % every !== 0) return;
      text(label, left + i * step, top + height + 4, {
        size: 7,
        color: MUTED,
        width: Math.max(step * every, 10),
        align: 'left',
      });
    });
  }

  function drawTable(table: ReportTable) {
    const widths = columnWidths(table);
    const rowHeight = 14;
    const drawRow = (cells: string[], o: { bold?: boolean; fill?: string }) => {
      if (o.fill) pdf.rect(PAGE.margin, y - 3, WIDTH, rowHeight).fill(o.fill);
      let x = PAGE.margin;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 40;
        text(cell, x + 2, y, {
          size: 8,
          bold: o.bold ?? false,
          width: w - 4,
          align: table.numeric[i] ? 'right' : 'left',
        });
        x += w;
      });
      y += rowHeight;
    };
    const titleAndHead = () => {
      text(table.title, PAGE.margin, y, { size: 11, bold: true });
      y += 18;
      drawRow(table.columns, { bold: true, fill: '#f5f5f4' });
    };
    room(18 + rowHeight * 2);
    titleAndHead();
    if (table.rows.length === 0) {
      text(l('PDF_NONE'), PAGE.margin + 2, y, { size: 8, color: MUTED });
      y += rowHeight;
    }
    // A table longer than a PDF should hold prints its first rows and says where the rest is.
    const rows = table.rows.slice(0, PDF_MAX_TABLE_ROWS);
    for (const row of rows) {
      if (y + rowHeight > BOTTOM) {
        pdf.addPage();
        y = PAGE.margin;
        titleAndHead();
      }
      drawRow(row, {});
    }
    if (table.rows.length > rows.length) {
      room(rowHeight);
      text(l('PDF_MORE_ROWS', { count: table.rows.length - rows.length }), PAGE.margin + 2, y, {
        size: 8,
        color: MUTED,
      });
      y += rowHeight;
    }
    if (table.totals) {
      room(rowHeight + 2);
      pdf
        .moveTo(PAGE.margin, y - 3)
        .lineTo(PAGE.margin + WIDTH, y - 3)
        .strokeColor(RULE)
        .stroke();
      drawRow(table.totals, { bold: true });
    }
    y += 14;
  }

  function columnWidths(table: ReportTable): number[] {
    pdf.font('regular').fontSize(8);
    const sample = table.rows.slice(0, 200);
    const wanted = table.columns.map((title, i) =>
      Math.min(
        200,
        Math.max(
          pdf.widthOfString(title) + 10,
          ...sample.map((r) => pdf.widthOfString(r[i] ?? '') + 8),
          ...(table.totals ? [pdf.widthOfString(table.totals[i] ?? '') + 8] : []),
        ),
      ),
    );
    const total = wanted.reduce((a, b) => a + b, 0);
    return wanted.map((w) => (w * WIDTH) / total);
  }
}

/** A round top for a chart's axis: 1, 2, 2.5 or 5 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * power >= value) return f * power;
  return 10 * power;
}

function formatAxis(value: number): string {
  if (value >= 10_000) return `${Math.round(value / 1000)}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
