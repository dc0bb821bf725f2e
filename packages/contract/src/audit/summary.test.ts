import { describe, expect, it } from 'vitest';
import { auditSummary } from '../index.js';

describe('auditSummary', () => {
  it('writes the details in one line, in their order', () => {
    expect(auditSummary({ username: 'mgr2', role: 'manager' })).toBe(
      'username: mgr2 · role: manager',
    );
  });

  it('writes lists and nested objects compactly and leaves out empty values', () => {
    expect(
      auditSummary({
        fields: ['status'],
        passwordChanged: false,
        lines: [{ name: 'Espresso', quantity: 2 }],
        none: null,
        empty: [],
      }),
    ).toBe('fields: status · passwordChanged: false · lines: {name: Espresso, quantity: 2}');
  });
});
