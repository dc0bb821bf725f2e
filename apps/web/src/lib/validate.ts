import type { z } from 'zod';
import { validationText } from './validation-messages';

export type Checked<T> = { ok: true; data: T } | { ok: false; field: string; error: string };

/**
 * A form's values checked by a contract schema (the server's own): the data to send, or the first
 * refusal in the schema's words (in the reader's language) and the field it concerns.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    field: String(issue?.path[0] ?? ''),
    error: issue?.message ? validationText(issue.message) : 'Please check the form',
  };
}
