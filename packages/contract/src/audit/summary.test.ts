import { describe, expect, it } from 'vitest';
import { auditSummary, auditWho } from '../index.js';

describe('auditWho', () => {
  it('names the account, or says a guest or the server made the change', () => {
    expect(auditWho({ name: 'Anna Rossi', username: 'manager1' }, {})).toBe(
      'Anna Rossi (manager1)',
    );
    expect(auditWho(null, { by: 'guest', tableNumber: 4 })).toBe('Guest');
    expect(auditWho(null, { by: 'system' })).toBe('System');
    expect(auditWho(null, {})).toBe('System');
  });
});

describe('auditSummary', () => {
  it('leaves who did it to the User column', () => {
    expect(auditSummary({ by: 'guest', tableNumber: 4 })).toBe('tableNumber: 4');
  });

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
