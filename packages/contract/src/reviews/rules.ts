/**
 * A guest's review of their visit (issue 13, item 9): a rating from 1 to 5 and an optional
 * comment, one per dining session, once the session has at least one order. The manager reads
 * them in the Analytics tab. Zod-free: the guest's review form reads these.
 */
export const REVIEW_COMMENT_MAX = 1000;

/** The reviews the manager's summary covers, and how many of the latest it lists. */
export const REVIEW_SUMMARY_DAYS = 30;
export const REVIEW_LATEST_COUNT = 10;

/** The guest's refusals, word for word. */
export const REVIEW_REFUSALS = {
  noVisit: 'There is no visit to review at this table yet.',
  beforeOrder: 'You can leave a review after your first order.',
  alreadyReviewed: 'This visit has already been reviewed. Thank you!',
  unknownVisit: 'Visit not found',
} as const;
