import type { Translation } from './i18n';
import type { t } from './place-messages';

/** Places in Italian. */
export const placeIt: Translation<typeof t> = {
  table: 'Tavolo {table}',
  tab: '{type} · {name}',
  type_dine_in: 'Al tavolo',
  type_bar_tab: 'Conto al bar',
  type_counter: 'Banco',
  type_takeaway: 'Asporto',
};
