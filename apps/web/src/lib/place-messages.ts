import { ORDER_TYPE_LABELS, orderTypeOf, type OrderType, type TabRef } from '@tavola/contract';
import { defineMessages } from './i18n';

/**
 * Where an order goes, as the staff screens name it: "Table 6", "Bar tab · Anna". The English is
 * the contract's (`placeLabel`, `ORDER_TYPE_LABELS`), word for word.
 */
export const t = defineMessages({
  en: {
    table: 'Table {table}',
    tab: '{type} · {name}',
    type_dine_in: ORDER_TYPE_LABELS.dine_in,
    type_bar_tab: ORDER_TYPE_LABELS.bar_tab,
    type_counter: ORDER_TYPE_LABELS.counter,
    type_takeaway: ORDER_TYPE_LABELS.takeaway,
  },
});

/** An order type's name in the reader's language ("Bar tab", "Conto al bar"). */
export const orderTypeText = (type: OrderType) => t(`type_${type}`);

/** `placeLabel` in the reader's language. */
export function placeText(place: {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tabName?: string | null | undefined;
}): string {
  if (!place.orderType || place.orderType === 'dine_in' || !place.tabName) {
    return t('table', { table: place.tableNumber ?? '?' });
  }
  return t('tab', { type: orderTypeText(place.orderType), name: place.tabName });
}

/** `placeLabelOf` in the reader's language: a ticket's, an event's or a bill's place. */
export const placeTextOf = (place: {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tab?: TabRef | null | undefined;
}) =>
  placeText({
    tableNumber: place.tableNumber,
    orderType: orderTypeOf(place),
    tabName: place.tab?.name ?? null,
  });
