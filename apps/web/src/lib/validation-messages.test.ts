import {
  backupSettingsSchema,
  closeTableInputSchema,
  connectStripeInputSchema,
  createApiKeyInputSchema,
  createStationInputSchema,
  createWebhookInputSchema,
  menuItemInputSchema,
  optionGroupInputSchema,
  putCoursesInputSchema,
  refundPaymentInputSchema,
  reopenDayInputSchema,
  restaurantSettingsSchema,
  securitySettingsInputSchema,
  staffCreateSchema,
  staffUpdateSchema,
  tableInputSchema,
  updateStationInputSchema,
} from '@tavola/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import '@/locales/staff-it';
import { setLocale } from './i18n';
import { refusalMessage } from './refusals';
import { validate } from './validate';
import { isKnownValidationText, t, validationText } from './validation-messages';

afterEach(() => setLocale('en'));

/**
 * The schemas the staff screens check a form with before sending it (the server checks too), and
 * those whose refusals the server sends to a screen that does not check first (stations, courses).
 */
const FORM_SCHEMAS: Record<string, z.ZodType> = {
  backupSettingsSchema,
  closeTableInputSchema,
  connectStripeInputSchema,
  createApiKeyInputSchema,
  createStationInputSchema,
  createWebhookInputSchema,
  menuItemInputSchema,
  optionGroupInputSchema,
  putCoursesInputSchema,
  refundPaymentInputSchema,
  reopenDayInputSchema,
  restaurantSettingsSchema,
  securitySettingsInputSchema,
  staffCreateSchema,
  staffUpdateSchema,
  tableInputSchema,
  updateStationInputSchema,
};

interface Def {
  error?: unknown;
  checks?: { _zod?: { def?: { error?: unknown } } }[];
  shape?: Record<string, unknown>;
  options?: unknown[];
  [inner: string]: unknown;
}

const INNER = ['innerType', 'in', 'out', 'element', 'schema', 'left', 'right', 'valueType'];

/** Every message a schema states (its type errors and its checks'), read from zod's definitions. */
function messagesOf(schema: unknown, out = new Set<string>(), seen = new Set<unknown>()) {
  const def = (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  const add = (error: unknown) => {
    const said: unknown = typeof error === 'function' ? (error as () => unknown)() : error;
    if (typeof said === 'string') out.add(said);
  };
  add(def.error);
  for (const check of def.checks ?? []) add(check._zod?.def?.error);
  for (const key of INNER) messagesOf(def[key], out, seen);
  for (const field of Object.values(def.shape ?? {})) messagesOf(field, out, seen);
  for (const option of def.options ?? []) messagesOf(option, out, seen);
  return out;
}

describe('the contract’s validation messages on the staff screens', () => {
  const messages = Object.entries(FORM_SCHEMAS).flatMap(([name, schema]) =>
    [...messagesOf(schema)].map((message) => [name, message] as const),
  );

  it('finds the messages of every form schema', () => {
    expect(messages.length).toBeGreaterThan(150);
    expect(messages).toContainEqual(['tableInputSchema', 'Table number must be at least 1']);
  });

  it('has a shape for every one of them', () => {
    const unknown = messages.filter(([, message]) => !isKnownValidationText(message));
    expect(unknown).toEqual([]);
  });

  it('says each in Italian, with no English field, unit or sentence left', () => {
    setLocale('it');
    // The labels a person reads (capitalised), the units and the whole sentences; a field named
    // by its API name (`priceCents`) and the codes a value may take stay as they are.
    const english = Object.entries(t.en)
      .filter(([key, text]) =>
        key.startsWith('msg_')
          ? !text.includes('{')
          : key.startsWith('unit_') || (/^[A-Z]/.test(text) && text !== 'Password'),
      )
      .map(([, text]) => new RegExp(`\\b${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
    for (const [name, message] of messages) {
      const italian = validationText(message);
      expect(italian, `${name}: ${message}`).not.toBe(message);
      const leaked = english.filter((word) => word.test(italian));
      expect(leaked, `${message} -> ${italian}`).toEqual([]);
    }
  });

  it('leaves the schema’s English untouched for an English reader', () => {
    for (const [, message] of messages) expect(validationText(message)).toBe(message);
  });

  it('words a field’s label and a unit inside a sentence', () => {
    setLocale('it');
    expect(validationText('Tax rate must be a number')).toBe('Aliquota IVA: deve essere un numero');
    expect(validationText('Backups kept must be between 1 and 100 backups')).toBe(
      'Backup conservati: deve essere tra 1 e 100 backup',
    );
    expect(validationText('Max table capacity must be a whole number of guests')).toBe(
      'Capienza massima del tavolo: deve essere un numero intero di ospiti',
    );
    // Unknown words stay as they came.
    expect(validationText('Something else entirely')).toBe('Something else entirely');
  });

  it('checks a form in Italian through validate()', () => {
    setLocale('it');
    expect(validate(tableInputSchema, { number: 0, capacity: 4 })).toEqual({
      ok: false,
      field: 'number',
      error: 'Numero del tavolo: deve essere almeno 1',
    });
  });

  it('words the server’s validation refusals and the refusals it sends as their class', () => {
    setLocale('it');
    expect(refusalMessage('VALIDATION', null, 'Capacity is too large')).toBe(
      'Capienza: valore troppo grande',
    );
    // PASSWORD_TOO_SHORT is sent as VALIDATION with its English words only.
    expect(refusalMessage('VALIDATION', null, 'Password must be at least 10 characters')).toBe(
      'La password deve avere almeno 10 caratteri',
    );
    setLocale('en');
    expect(refusalMessage('VALIDATION', null, 'Capacity is too large')).toBe(
      'Capacity is too large',
    );
  });
});
