import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESERVED_NAMES,
  nameSkeleton,
  reservedLookAlike,
  reservedNames,
  usernameSuggestions,
} from '../index.js';

const reserved = reservedNames({ list: DEFAULT_RESERVED_NAMES, brandName: 'Mangia Cloud' });

describe('reservedLookAlike', () => {
  it.each([
    ['admin', 'admin'],
    ['ADMIN', 'admin'],
    ['Adm1n', 'admin'],
    ['adm!n', 'admin'],
    ['ádmín', 'admin'],
    ['a.d.m.i.n', 'admin'],
    ['support', 'support'],
    ['5upp0rt', 'support'],
    ['sup_port', 'support'],
    ['tavola', 'Tavola'],
    ['TAV0LA', 'Tavola'],
    // Cyrillic а and о, Greek Τ and Α.
    ['tаvоla', 'Tavola'],
    ['ΤΑVΟLΑ', 'Tavola'],
    // Full-width letters fold under NFKC.
    ['ｔａｖｏｌａ', 'Tavola'],
    ['Tavola Support', 'Tavola support'],
    ['  tavola   SUPPORT ', 'Tavola support'],
    ['Tav0la-Supp0rt', 'Tavola support'],
    ['tavola_team', 'Tavola team'],
    ['Tavola Demo Bistro', 'Tavola Demo Bistro'],
    ['Tavo1a Dem0 Bistr0', 'Tavola Demo Bistro'],
    // The white label's name, alone and with a role word.
    ['Mangia Cloud', 'Mangia Cloud'],
    ['mangiacloud', 'Mangia Cloud'],
    ['Mangia-Cloud Support', 'Mangia Cloud support'],
  ])('%s passes for %s', (name, match) => {
    expect(reservedLookAlike(name, reserved)).toBe(match);
  });

  it.each([
    'admin1',
    'waiter1',
    'olivia-rossi',
    'Trattoria da Mario',
    'Tavola Calda Rossi',
    'Casa Tavola',
    'supporto',
    'Mangia',
    '',
    '...',
  ])('%s is free', (name) => {
    expect(reservedLookAlike(name, reserved)).toBeNull();
  });

  it("the team's own list replaces the defaults; the brand and the demo stay reserved", () => {
    const own = reservedNames({ list: ['Chef'], demoRestaurantName: 'Renamed Demo' });
    expect(reservedLookAlike('CHEF', own)).toBe('Chef');
    expect(reservedLookAlike('admin', own)).toBeNull();
    expect(reservedLookAlike('Tavola', own)).toBe('Tavola');
    expect(reservedLookAlike('renamed-demo', own)).toBe('Renamed Demo');
    expect(reservedLookAlike('Tavola Demo Bistro', own)).toBe('Tavola Demo Bistro');
  });
});

describe('nameSkeleton', () => {
  it('does not tell look-alikes apart', () => {
    expect(nameSkeleton('rnodern')).toBe(nameSkeleton('modem'));
    expect(nameSkeleton('vvine')).toBe(nameSkeleton('wine'));
    expect(nameSkeleton('I1l|')).toBe('llll');
    expect(nameSkeleton('Zoë\u200b')).toBe('zoe');
  });
});

describe('usernameSuggestions', () => {
  it("adds the restaurant's address name, then a number, within 40 characters", () => {
    expect(usernameSuggestions('Maria', 'casa-nuova', 3)).toEqual([
      'maria.casa-nuova',
      'maria.casa-nuova2',
      'maria.casa-nuova3',
    ]);
    const long = usernameSuggestions('m'.repeat(40), 'trattoria-da-giovanni-e-figli', 2);
    expect(long.every((s) => s.length <= 40 && /^[a-z0-9._-]+$/.test(s))).toBe(true);
    expect(long[0]).toMatch(/^mmm.*\.trattoria/);
  });
});
