import type { Translation } from '@/lib/i18n';
import type { t } from './split-messages';

/** The split picker in Italian (the guest's pay sheet and the waiter's pay dialog both load it). */
export const splitIt: Translation<typeof t> = {
  modeAll: 'Tutto',
  modeItems: 'Piatti',
  modeShare: 'Dividi un piatto',
  modeEqual: 'Dividi in parti uguali',
  modeAmount: 'Un importo',
  lines: 'Piatti sul conto',
  paidLine: 'Pagato',
  remainingOf: '{remaining} rimasti',
  quantityOf: 'Quanti {item}',
  fewer: 'Un {item} in meno',
  more: 'Un {item} in più',
  shareItem: 'Piatto da dividere',
  shareBetween: 'Diviso tra',
  people: 'Persone',
  fewerPeople: 'Una persona in meno',
  morePeople: 'Una persona in più',
  equalPaid: '{paid} di {parts} parti pagate',
  amount: 'Importo',
};
