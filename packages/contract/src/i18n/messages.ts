import { refusalsEn } from './catalogs/en.js';
import { refusalsIt } from './catalogs/it.js';
import { mailsEn, type MailKey } from './catalogs/mail-en.js';
import { mailsIt } from './catalogs/mail-it.js';
import { DEFAULT_LOCALE, type Locale } from './locales.js';
import { formatMessage, type MessageParams } from './message-format.js';
import type { RefusalCode } from './refusals.js';

/** Every language's refusal catalog; each has every code of the English one. */
export const REFUSAL_CATALOGS: Record<Locale, Record<RefusalCode, string>> = {
  en: refusalsEn,
  it: refusalsIt,
};

/** A refusal's text in a language, from its code and the values it names. */
export function refusalText(
  code: RefusalCode,
  params: MessageParams = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  return formatMessage(REFUSAL_CATALOGS[locale][code], params, locale);
}

/** Every language's email catalog; each has every key of the English one. */
export const MAIL_CATALOGS: Record<Locale, Record<MailKey, string>> = {
  en: mailsEn,
  it: mailsIt,
};

/** An email's subject or text in a language, from its key and the values it names. */
export function mailText(
  key: MailKey,
  params: MessageParams = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  return formatMessage(MAIL_CATALOGS[locale][key], params, locale);
}
