import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The shared primitives in Italian (the guest page and the staff screens both load it). */
export const uiIt: Translation<typeof t> = {
  close: 'Chiudi',
  dismiss: 'Ignora',
};
