import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totp,
} from './totp.js';

// The shared secret of RFC 4226 appendix D and RFC 6238 appendix B (SHA-1).
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP (RFC 4226 appendix D)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [4, '338314'],
    [5, '254676'],
    [6, '287922'],
    [7, '162583'],
    [8, '399871'],
    [9, '520489'],
  ])('counter %i gives %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i seconds the 8-digit code is %s, and the 6-digit code its last six', (t, code) => {
    expect(totp(RFC_KEY, t * 1000, 8)).toBe(code);
    expect(totp(RFC_KEY, t * 1000)).toBe(code.slice(2));
  });
});

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j is %s', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded)?.toString()).toBe(text);
  });

  it('reads lower case, spaces and padding, and refuses other letters', () => {
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
  });

  it('makes 160-bit secrets, each new', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });
});

describe('matchTotp', () => {
  const secret = base32Encode(RFC_KEY);
  const at = 1111111111_000; // step 37037037

  it('finds the step of the current code and of one step either side, not two', () => {
    expect(matchTotp(secret, totp(RFC_KEY, at), at)).toBe(37037037);
    expect(matchTotp(secret, totp(RFC_KEY, at - 30_000), at)).toBe(37037036);
    expect(matchTotp(secret, totp(RFC_KEY, at + 30_000), at)).toBe(37037038);
    expect(matchTotp(secret, totp(RFC_KEY, at - 60_000), at)).toBeNull();
    expect(matchTotp(secret, totp(RFC_KEY, at + 60_000), at)).toBeNull();
  });

  it('refuses codes that are not six digits', () => {
    const code = totp(RFC_KEY, at);
    expect(matchTotp(secret, ` ${code}`, at)).toBeNull();
    expect(matchTotp(secret, code.slice(1), at)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at)).toBeNull();
    expect(matchTotp('not base32!', code, at)).toBeNull();
  });
});

describe('otpauthUri', () => {
  it('names the issuer, the account and the parameters', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'Tavola', 'admin 1'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Tavola:admin 1');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Tavola',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
