import {
  formatMessage,
  isRefusalCode,
  REFUSAL_CATALOGS,
  type MessageParams,
} from '@tavola/contract';
import { getLocale } from './i18n';

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
  if (!isRefusalCode(code)) return fallback;
  const text = formatMessage(
    REFUSAL_CATALOGS[getLocale()][code],
    (params ?? {}) as MessageParams,
    getLocale(),
  );
  // A value the message names and the server did not send stays a visible `{placeholder}`.
  return text.includes('{') ? fallback : text;
}
