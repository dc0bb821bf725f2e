import { defineMessages } from '@/lib/i18n';

/**
 * The words of the shared primitives (a dialog's close button, a toast's dismiss button): on the
 * guest page as on the staff screens, so every guest language and Italian staff translate them.
 */
export const t = defineMessages({
  en: {
    close: 'Close',
    dismiss: 'Dismiss',
  },
});
