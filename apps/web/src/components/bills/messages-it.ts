import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** Splitting a bill into checks, in Italian. */
export const billsIt: Translation<typeof t> = {
  splitTitle: 'Dividi il conto del tavolo {table}',
  splitBill: 'Dividi il conto',
  splitHint:
    'Scegli cosa va su un conto separato, o su un altro conto del tavolo. Ogni conto si paga a parte.',
  chooseLine: 'Scegli almeno una riga per il nuovo conto',
  splitOff: 'Conto {check} separato dal tavolo {table}',
  movedToCheck: 'Spostato sul conto {check} del tavolo {table}',
  from: 'Da',
  onto: 'Su',
  checkN: 'Conto {check}',
  newCheck: 'Un nuovo conto',
  linesForNew: 'Righe per il nuovo conto',
  linesForCheck: 'Righe per il conto {check}',
  splitting: 'Divisione…',
  moveToCheck: 'Sposta sul conto {check}',
  onTheBill: '{quantity} sul conto',
  fewer: 'Meno {name}',
  chosen: '{name} scelti',
  more: 'Più {name}',
};
