import { describe, expect, it } from 'vitest';
import { starProblem, starStatusLength } from './printer.js';

/** A nine-byte ASB (header 0x23) with the given status 1 and status 4 bytes. */
const asb = (status1: number, status4 = 0, status2 = 0) =>
  Uint8Array.of(0x23, 0x06, status1, status2, 0x00, status4, 0x00, 0x00, 0x00);

describe("Star's Automatic Status Back", () => {
  it('reads the length header 1 announces, from bits 1-3 and 5', () => {
    expect(starStatusLength(0x0f)).toBe(7);
    expect(starStatusLength(0x21)).toBe(8);
    expect(starStatusLength(0x23)).toBe(9);
    expect(starStatusLength(0x2f)).toBe(15);
  });

  it('refuses a first byte that is not a header (bit 0 off, bit 4 or 7 on, too short)', () => {
    for (const b of [0x22, 0x33, 0xa3, 0x12, 0x01, 0x0b]) {
      expect(starStatusLength(b), b.toString(16)).toBeNull();
    }
  });

  it('says ready, off-line, cover open, paper out and an error from the status bytes', () => {
    expect(starProblem(asb(0x00))).toBeNull();
    // Paper near end alone still prints.
    expect(starProblem(asb(0x00, 0x04))).toBeNull();
    expect(starProblem(asb(0x08))).toMatchObject({ status: 'offline', error: 'Printer off-line' });
    expect(starProblem(asb(0x28))).toMatchObject({ status: 'cover_open' });
    expect(starProblem(asb(0x08, 0x0c))).toMatchObject({ status: 'paper_out' });
    expect(starProblem(asb(0x08, 0x00, 0x20))).toMatchObject({
      status: 'offline',
      error: 'Printer error',
    });
  });
});
