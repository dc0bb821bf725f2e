import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The manager's order history in Italian. */
export const orderHistoryIt: Translation<typeof t> = {
  unableToExport: 'Impossibile esportare',
  unableToPrintReceipt: 'Impossibile stampare lo scontrino',
  orderNo: 'Ordine n.',
  orderNumber: 'n. {number}',
  table: 'Tavolo',
  items: 'Articoli',
  total: 'Totale',
  waiter: 'Cameriere',
  time: 'Ora',
  receipt: 'Scontrino',
  receiptFor: 'Scontrino dell’ordine n. {number}',
  print: 'Stampa',
  title: 'Storico ordini (ultimi 30 giorni)',
  filterByDate: 'Filtra per data',
  export: 'Esporta',
  noOrders: 'Nessun ordine in questo periodo.',
  ordersCount: '{count, plural, one {# ordine} other {# ordini}}',
};
