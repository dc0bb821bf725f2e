import type { ReportKind } from '../../reports/period-reports.js';
import type { Locale } from '../locales.js';
import { reportLabelsEn, reportTitlesEn, type ReportLabelKey } from './reports-en.js';

/** Every language's report titles; each names every report. */
export const REPORT_TITLE_CATALOGS: Record<Locale, Record<ReportKind, string>> = {
  en: reportTitlesEn,
};

/** Every language's report labels; each has every key of the English one. */
export const REPORT_LABEL_CATALOGS: Record<Locale, Record<ReportLabelKey, string>> = {
  en: reportLabelsEn,
};
