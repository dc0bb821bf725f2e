import { refusalsEn } from '../i18n/catalogs/en.js';

/**
 * A guest's review of their visit: a rating from 1 to 5 and an optional
 * comment, one per dining session, once the session has at least one order. The manager reads
 * them in the Analytics tab. Zod-free: the guest's review form reads these.
 */
export const REVIEW_COMMENT_MAX = 1000;

/** The reviews the manager's summary covers, and how many of the latest it lists. */
export const REVIEW_SUMMARY_DAYS = 30;
export const REVIEW_LATEST_COUNT = 10;

/** The guest's refusals, word for word. */
export const REVIEW_REFUSALS = {
  noVisit: refusalsEn.REVIEW_NO_VISIT,
  beforeOrder: refusalsEn.REVIEW_BEFORE_ORDER,
  alreadyReviewed: refusalsEn.REVIEW_ALREADY_LEFT,
  unknownVisit: refusalsEn.REVIEW_VISIT_NOT_FOUND,
} as const;
