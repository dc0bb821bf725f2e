import zlib from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfWorkersRunning } from '../../core/pdf/pool.js';
import { pdfInfo } from '../../testing/pdf-text.js';
import { renderQrSheetPdf } from './qr-pdf.js';
import { qrSheetPdf } from './qr-pdf-thread.js';

const tables = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    number: i + 1,
    orderUrl: `https://tavola.test/order?token=T-${i + 1}`,
  }));

/** A PNG whose signature and header are right (RGBA, 4×4) but whose pixels are no zlib data. */
function brokenPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header[8] = 8; // bits per sample
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('not zlib data at all')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a sheet of table codes', () => {
  it('holds the logo once, however many tables it prints', async () => {
    // A 64-pixel logo: the codes themselves are 512 pixels wide.
    const logo = { kind: 'png' as const, bytes: await QRCode.toBuffer('logo', { width: 64 }) };
    const logoObjects = async (n: number) => {
      const pdf = await renderQrSheetPdf({ brand: { name: 'Ümit’s', logo }, tables: tables(n) });
      expect(pdfInfo(pdf).pages).toBe(n);
      return (
        Buffer.from(pdf)
          .toString('latin1')
          .match(/\/Width 64\b/g)?.length ?? 0
      );
    };
    const once = await logoObjects(1);
    expect(once).toBeGreaterThan(0);
    expect(await logoObjects(3)).toBe(once);
  });

  it('is printed without the logo when the logo does not decode, and the server carries on', async () => {
    const pdf = await qrSheetPdf({
      brand: { name: 'Empire Eats', color: '#7c2d12', logo: { kind: 'png', bytes: brokenPng() } },
      tables: tables(2),
    });
    expect(pdfInfo(pdf)).toEqual({ pages: 2, title: 'Empire Eats table QR codes' });
    expect(pdfWorkersRunning()).toBe(0);
  }, 120_000);
});
