import {
  formatMessage,
  isLocale,
  isRefusalCode,
  REFUSAL_CATALOGS,
  type MessageParams,
} from '@tavola/contract';
import { getLocale } from './i18n';
import { guestRefusal } from './guest-refusals';

// Loaded only when a refusal arrives (api-client imports it on demand): the refusal catalog is the
// largest text the web has, and a page that is never refused should not carry it.

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
  if (!isRefusalCode(code)) return fallback;
  // A guest language without a staff catalog words the refusals a guest meets, English the rest.
  const template = isLocale(locale)
    ? REFUSAL_CATALOGS[locale][code]
    : (guestRefusal(locale, code) ?? REFUSAL_CATALOGS.en[code]);
  const text = formatMessage(template, (params ?? {}) as MessageParams, locale);
  // A value the message names and the server did not send stays a visible `{placeholder}`.
  return text.includes('{') ? fallback : text;
}
