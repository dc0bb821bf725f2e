import type { ReportKind } from '../../reports/period-reports.js';
import type { Locale } from '../locales.js';
import { formatMessage, type MessageParams } from '../message-format.js';
import { DEFAULT_LOCALE } from '../locales.js';
import {
  historyLabelsEn,
  receiptLabelsEn,
  reportLabelsEn,
  reportTitlesEn,
  type HistoryLabelKey,
  type ReceiptLabelKey,
  type ReportLabelKey,
} from './reports-en.js';
import { historyLabelsIt, receiptLabelsIt, reportLabelsIt, reportTitlesIt } from './reports-it.js';

/** Every language's report titles; each names every report. */
export const REPORT_TITLE_CATALOGS: Record<Locale, Record<ReportKind, string>> = {
  en: reportTitlesEn,
  it: reportTitlesIt,
};

/** Every language's report labels; each has every key of the English one. */
export const REPORT_LABEL_CATALOGS: Record<Locale, Record<ReportLabelKey, string>> = {
  en: reportLabelsEn,
  it: reportLabelsIt,
};

/** Every language's order-history export words. */
export const HISTORY_LABEL_CATALOGS: Record<Locale, Record<HistoryLabelKey, string>> = {
  en: historyLabelsEn,
  it: historyLabelsIt,
};

/** Every language's receipt words. */
export const RECEIPT_LABEL_CATALOGS: Record<Locale, Record<ReceiptLabelKey, string>> = {
  en: receiptLabelsEn,
  it: receiptLabelsIt,
};

/** A period report's word in a language. */
export function reportLabel(
  key: ReportLabelKey,
  params?: MessageParams,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return formatMessage(REPORT_LABEL_CATALOGS[locale][key], params, locale);
}

/** An order-history export's word in a language. */
export function historyLabel(
  key: HistoryLabelKey,
  params?: MessageParams,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return formatMessage(HISTORY_LABEL_CATALOGS[locale][key], params, locale);
}

/** A receipt's word in a language. */
export function receiptLabel(
  key: ReceiptLabelKey,
  params?: MessageParams,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return formatMessage(RECEIPT_LABEL_CATALOGS[locale][key], params, locale);
}
