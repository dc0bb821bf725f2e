import {
  formatMessage,
  isLocale,
  isRefusalCode,
  REFUSAL_CATALOGS,
  REFUSALS_SENT_AS_CLASS,
  refusalText,
  type MessageParams,
  type RefusalCode,
} from '@tavola/contract';
import { getLocale } from './i18n';
import { guestRefusal } from './guest-refusals';
import { readBack, shapeOf, validationText } from './validation-messages';

// Loaded only when a refusal arrives (api-client imports it on demand): the refusal catalog is the
// largest text the web has, and a page that is never refused should not carry it.

// The English of each refusal sent as its class, as shapes to read a server's text back by.
let classShapes: { code: RefusalCode; shape: NonNullable<ReturnType<typeof shapeOf>> }[] | null =
  null;

function sentAsClass(text: string): { code: RefusalCode; params: Record<string, string> } | null {
  classShapes ??= [...REFUSALS_SENT_AS_CLASS].flatMap((code) => {
    const shape = shapeOf(REFUSAL_CATALOGS.en[code]);
    return shape ? [{ code, shape }] : [];
  });
  for (const { code, shape } of classShapes) {
    const params = readBack(shape, text);
    if (params) return { code, params };
  }
  return null;
}

/**
 * A refusal in the reader's language from the code and params the server sent; the server's own
 * text (`fallback`) for a code this build does not know, or when a value it names is missing.
 */
export function refusalMessage(
  code: string | null | undefined,
  params: Readonly<Record<string, unknown>> | null | undefined,
  fallback: string,
): string {
  const locale = getLocale();
  if (!isRefusalCode(code)) {
    // Sent as its class (`REFUSALS_SENT_AS_CLASS`): the refusal is known by its English words.
    const known = locale === 'en' ? null : sentAsClass(fallback);
    if (known) return refusalMessage(known.code, known.params, fallback);
    // A schema's own words (the server checks a body with the contract's schemas, as forms do).
    return code === 'VALIDATION' ? validationText(fallback) : fallback;
  }
  // A guest language without a staff catalog words the refusals a guest meets, English the rest.
  const template = isLocale(locale)
    ? REFUSAL_CATALOGS[locale][code]
    : (guestRefusal(locale, code) ?? REFUSAL_CATALOGS.en[code]);
  const text = formatMessage(template, (params ?? {}) as MessageParams, locale);
  // A value the message names and the server did not send stays a visible `{placeholder}`.
  return text.includes('{') ? fallback : text;
}

/**
 * A refusal the screen decides itself (a required choice, a reason left blank) by the contract's
 * code: in the reader's language, the contract's English (`refusalText`) for English readers.
 */
export function screenRefusal(code: RefusalCode, params: MessageParams = {}): string {
  return refusalMessage(code, params, refusalText(code, params));
}
