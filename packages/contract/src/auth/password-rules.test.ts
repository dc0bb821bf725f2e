import { describe, expect, it } from 'vitest';
import {
  PASSWORD_BLANK,
  PASSWORD_IS_USERNAME,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_REPEATED_WORD,
  PASSWORD_SHORT_PATTERN,
  PASSWORD_TOO_COMMON,
  passwordProblem,
  passwordTooShort,
  passwordTooShortTrimmed,
  repeatedUnit,
} from '../index.js';

describe('passwordProblem', () => {
  it('refuses a password of spaces whatever its length', () => {
    expect(passwordProblem(' '.repeat(20), { minLength: 20 })).toBe(PASSWORD_BLANK);
    expect(passwordProblem('\t \u00a0 '.repeat(10))).toBe(PASSWORD_BLANK);
  });

  it('counts the length without the spaces at either end', () => {
    expect(passwordProblem('   short-one   ', { minLength: 12 })).toBe(passwordTooShortTrimmed(12));
    expect(passwordProblem('short-one', { minLength: 12 })).toBe(passwordTooShort(12));
    expect(passwordProblem('  inner spaces count  ', { minLength: 12 })).toBeNull();
  });

  it('counts characters as a person does', () => {
    expect(passwordProblem('🍕🍝🍷🧀🍅🌿🫒🥖', { minLength: 8 })).toBeNull();
    expect(passwordProblem('🍕🍝🍷🧀', { minLength: 8 })).toBe(passwordTooShort(8));
  });

  it.each(['aaaaaaaaaaaaaaaaaaaa', 'AaAaAaAaAaAa', '11111111', '!!!!!!!!!!', 'ZZZZZZZZ'])(
    'refuses one character repeated: %s',
    (password) => {
      expect(passwordProblem(password)).toBe(PASSWORD_ONE_CHARACTER);
    },
  );

  it.each(['abababababab', '123123123123', 'xyzxyzxyzx', 'a-ba-ba-ba-b'])(
    'refuses a short pattern repeated: %s',
    (password) => {
      expect(passwordProblem(password)).toBe(PASSWORD_SHORT_PATTERN);
    },
  );

  it.each([
    'passwordpasswordpassword',
    'PasswordPassword',
    'password password password',
    'qwerty-qwerty-qwerty-',
    'letmeinletmeinlet',
  ])('refuses a common word repeated: %s', (password) => {
    expect(passwordProblem(password, { minLength: 12 })).toBe(PASSWORD_REPEATED_WORD);
  });

  it('asks the caller which words are common (the server has the long list)', () => {
    const isCommon = (w: string) => w === 'gelato';
    expect(passwordProblem('gelatogelato', { isCommon })).toBe(PASSWORD_REPEATED_WORD);
    expect(passwordProblem('gelato12', { isCommon })).toBeNull();
    expect(passwordProblem('passwordpassword', { isCommon })).toBeNull();
  });

  it('refuses a common password and the username, alone or repeated', () => {
    expect(passwordProblem('Password')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('Olivia-Rossi', { username: 'olivia-rossi' })).toBe(
      PASSWORD_IS_USERNAME,
    );
    expect(passwordProblem('oliviaolivia', { username: 'olivia' })).toBe(PASSWORD_REPEATED_WORD);
  });

  it.each([
    'charcoal-and-smoke',
    'olive-oil-and-basil',
    'correct horse battery staple',
    'grill-master-42',
    'tomato-tomato-basil',
    'x7#kd!Qp2z',
  ])('accepts %s', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});

describe('repeatedUnit', () => {
  it.each<[string, string | null]>([
    ['abcabc', 'abc'],
    ['abcabca', 'abc'],
    ['aaaa', 'a'],
    ['abcab', null],
    ['abcd', null],
    ['', null],
  ])('%s → %s', (text, unit) => {
    expect(repeatedUnit(text)).toBe(unit);
  });
});
