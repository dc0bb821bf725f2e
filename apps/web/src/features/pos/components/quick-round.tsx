import type { FloorTable, OrderMenuItem } from '@tavola/contract';
import { Loader2, Plus, Send } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { useOrderMenu } from '../api/get-order-menu';
import { placeTableOrder } from '../api/place-order';
import { t } from '../messages';
import { addLine, quantityOf } from '../pending-order';
import { usePendingOrder, type SendOrder } from '../use-pending-order';
import { topItems } from './menu-picker';

/** How many items the card offers. */
const QUICK_SIZE = 6;

/**
 * A round from the floor, without opening the order screen: the table's last and the
 * restaurant's most ordered items (plain ones: an item with options opens the order screen), one
 * tap adding one, and Send. Two coffees are Espresso, Espresso, Send. The lines are the table's
 * order in progress on this device, the same the order screen shows, sent the same way.
 */
export function QuickRound({ table, onSent }: { table: FloorTable; onSent: () => void }) {
  const menu = useOrderMenu();
  const send = useCallback<SendOrder>(
    async (body, key) => {
      const placed = await placeTableOrder(table.id, body, key);
      onSent();
      return placed;
    },
    [table.id, onSent],
  );
  const pending = usePendingOrder(`table:${table.id}`, send);
  const { draft, outgoing } = pending.order;
  const lastOrdered = useMemo(
    () => [...table.orders].reverse().flatMap((o) => [...o.items].reverse().map((i) => i.name)),
    [table.orders],
  );
  // Half the table's own last items (another of the same), half what the restaurant orders
  // most (the coffees at the end of a meal).
  const items = useMemo(() => {
    if (!menu.data) return [];
    const plain = (list: OrderMenuItem[]) =>
      list.filter((i) => i.available && !i.optionGroups?.length);
    const own = plain(topItems({ ...menu.data, mostOrdered: [] }, lastOrdered)).slice(
      0,
      QUICK_SIZE / 2,
    );
    const popular = plain(topItems(menu.data, [])).filter((i) => !own.includes(i));
    return [...own, ...popular].slice(0, QUICK_SIZE);
  }, [menu.data, lastOrdered]);
  if (items.length === 0) return null;
  const count = draft.reduce((n, l) => n + l.quantity, 0);
  const sending = pending.state.kind === 'sending';
  const state = pending.state;
  return (
    <section aria-label={t('quickRound', { table: table.number })} className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {items.map((item) => {
          const n = quantityOf(draft, item.id);
          return (
            <button
              key={item.id}
              type="button"
              aria-label={t('addItem', { name: item.name })}
              onClick={() =>
                pending.update((o) =>
                  addLine(o, {
                    menuItemId: item.id,
                    openItem: null,
                    name: item.name,
                    unitPrice: item.price,
                  }),
                )
              }
              className="inline-flex min-h-12 items-center gap-1 rounded-full border-2 border-stone-300 bg-white px-3 text-base font-semibold"
            >
              <Plus aria-hidden className="size-4" />
              {item.name}
              {n > 0 && (
                <span className="ml-1 rounded-full bg-brand-700 px-2 text-sm text-white tabular-nums">
                  {n}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {(count > 0 || outgoing) && (
        <Button
          size="lg"
          className="min-h-12 w-full"
          disabled={sending}
          aria-busy={sending}
          onClick={() => void pending.send()}
        >
          {sending ? (
            <Loader2 aria-hidden className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden className="size-5" />
          )}
          {sending ? t('sending') : outgoing ? t('retrySend') : t('sendCount', { count })}
        </Button>
      )}
      {state.kind === 'sent' && (
        <p role="status" className="text-sm font-semibold text-green-800">
          {t(state.replayed ? 'sentAgain' : 'sent', { number: state.orderNumber })}
        </p>
      )}
      {(state.kind === 'refused' || state.kind === 'unconfirmed') && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {state.kind === 'unconfirmed'
            ? t('unconfirmed', { error: state.error })
            : t('refused', { error: state.error })}
        </p>
      )}
    </section>
  );
}
