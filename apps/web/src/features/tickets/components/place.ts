import { orderTypeOf, type OrderType, type TabRef } from '@tavola/contract';
import { t } from '../messages';

type Place = {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tab?: TabRef | null | undefined;
};

/**
 * Where a ticket's order goes, in the reader's language: "Table 6", or a tab's type and name
 * ("Takeaway · Ben"); the contract's `placeLabelOf` in English, word for word.
 */
export function placeOf(place: Place): string {
  const type = orderTypeOf(place);
  const name = place.tab?.name;
  if (type === 'dine_in' || !name) return t('placeTable', { table: place.tableNumber ?? '?' });
  return t('placeTab', { type: t(`type_${type}`), name });
}

/** The same inside a sentence: "table 6", a tab as it is ("order #12, table 6"). */
export function placeInline(place: Place): string {
  const type = orderTypeOf(place);
  if (type === 'dine_in' || !place.tab?.name) {
    return t('placeTableInline', { table: place.tableNumber ?? '?' });
  }
  return placeOf(place);
}
