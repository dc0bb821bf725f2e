import { reportDocument, type VoidsReport } from '@tavola/contract';
import { describe, expect, it } from 'vitest';
import { fontFiles } from '../../core/pdf/fonts.js';
import { pdfText } from '../../testing/pdf-text.js';
import { renderReportPdf } from './report-pdf-render.js';

const render = async (report: VoidsReport) => {
  const pdf = renderReportPdf(
    reportDocument('voids', report, 'Ristorante Ünïcode 東'),
    fontFiles(),
  );
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => pdf.on('end', resolve));
  return Buffer.concat(chunks);
};

describe('a report PDF', () => {
  it('breaks long tables over pages with their column titles repeated, and no stray page', async () => {
    const voids = Array.from({ length: 130 }, (_, i) => ({
      time: new Date(Date.UTC(2024, 2, 1, 12, i)).toISOString(),
      orderNumber: i + 1,
      tableNumber: 3,
      whole: i % 2 === 0,
      items: `1× Item ${i + 1}`,
      amount: 2.5,
      by: 'Mia',
      reason: i === 0 ? '=cmd|calc' : 'Spilled',
    }));
    const pdf = await render({
      range: {
        period: 'day',
        from: '2024-03-01',
        to: '2024-03-01',
        timezone: 'Europe/Rome',
        currency: 'eur',
        generatedAt: '2024-03-02T08:00:00.000Z',
      },
      voids,
      totals: { orderVoids: 65, lineVoids: 65, amount: 325 },
    });
    const pages = Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
    const text = pdfText(pdf);
    // 130 rows at 14 points: three pages, each with the table's column titles.
    expect(pages).toBe(3);
    expect(text.filter((t) => t === 'Reason')).toHaveLength(3);
    // The embedded font draws accents; a character it has no glyph for (東) does not break it.
    expect(text[1]).toMatch(/^Ristorante Ünïcode /);
    expect(text).toContain('1× Item 130');
    expect(text).toContain('325.00');
    expect(text).toContain('=cmd|calc');
  });
});
