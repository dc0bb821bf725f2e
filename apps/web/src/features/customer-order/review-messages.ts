import { defineMessages } from '@/lib/i18n';

/** The review form's words (its own catalog: the form is loaded only when opened). */
export const t = defineMessages({
  en: {
    thanks: 'Thank you for your review!',
    form: 'Leave a review',
    rating: 'Your rating',
    stars: '{count, plural, one {# star} other {# stars}}',
    comment: 'Comment (optional)',
    submit: 'Submit Review',
  },
});
