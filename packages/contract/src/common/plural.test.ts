import { describe, expect, it } from 'vitest';
import { countNoun } from './plural.js';

describe('countNoun', () => {
  it('says one item, and any other count in the plural', () => {
    expect(countNoun(1, 'item')).toBe('1 item');
    expect(countNoun(0, 'whole order')).toBe('0 whole orders');
    expect(countNoun(2, 'item')).toBe('2 items');
    expect(countNoun(1, 'child', 'children')).toBe('1 child');
    expect(countNoun(3, 'child', 'children')).toBe('3 children');
  });
});
