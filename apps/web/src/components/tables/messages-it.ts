import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** Closing a table and picking a waiter, in Italian. */
export const tableDialogsIt: Translation<typeof t> = {
  voidThem: 'Stornali',
  voidHint: 'Fuori dal conto, dalle postazioni e dai report',
  settle: 'Salda il conto',
  settleHint: 'Registra il pagamento di quanto ordinato',
  closeTableN: 'Chiudi il tavolo {table}',
  closeTable: 'Chiudi tavolo',
  unpaidChoose:
    '{count, plural, one {# ordine non pagato: scegli cosa farne.} other {# ordini non pagati: scegli cosa farne.}} Il motivo resta nel registro attività.',
  noUnpaid:
    'Nessun ordine non pagato: la sessione finisce e il tavolo è libero per i prossimi ospiti.',
  unpaidOrders: 'Ordini non pagati',
  reason: 'Motivo',
  reasonOptional: 'Motivo (facoltativo)',
  reasonExampleUnpaid: 'es. gli ospiti sono andati via senza pagare',
  reasonExample: 'es. gli ospiti sono andati via',
  closing: 'Chiusura…',
  noOtherWaiter: 'Non c’è un altro cameriere in servizio che possa subentrare',
  waiter: 'Cameriere',
  waiterTables: '{name} ({count, plural, one {# tavolo} other {# tavoli}})',
  noneOnDuty: 'Nessun altro cameriere è in servizio.',
};
