import type { FloorOrder } from '@tavola/contract';
import { Minus, Plus } from 'lucide-react';
import { t } from './messages';

/** How many of each line are chosen, by line id (absent: none). */
export type PickedLines = ReadonlyMap<string, number>;

/** The chosen lines as the move and split routes take them. */
export function pickedLines(orders: readonly FloorOrder[], picked: PickedLines) {
  return orders.flatMap((o) =>
    o.items
      .filter((i) => (picked.get(i.id) ?? 0) > 0)
      .map((i) => ({ orderId: o.id, itemId: i.id, quantity: picked.get(i.id)! })),
  );
}

/**
 * The lines of a bill with a stepper each: how many of it go (2 of 3 beers). Large targets for a
 * phone at the table.
 */
export function LinePicker({
  orders,
  picked,
  onChange,
  label,
}: {
  orders: readonly FloorOrder[];
  picked: PickedLines;
  onChange: (next: PickedLines) => void;
  label: string;
}) {
  const set = (id: string, quantity: number) => {
    const next = new Map(picked);
    if (quantity > 0) next.set(id, quantity);
    else next.delete(id);
    onChange(next);
  };
  const lines = orders.flatMap((o) => o.items.map((i) => ({ order: o, item: i })));
  return (
    <ul aria-label={label} className="divide-y divide-stone-200 rounded-xl border border-stone-200">
      {lines.map(({ order, item }) => {
        const n = picked.get(item.id) ?? 0;
        return (
          <li key={item.id} className="flex items-center justify-between gap-2 px-3 py-1">
            <span className="min-w-0 flex-1 text-sm">
              <span className="font-medium">{item.name}</span>
              <span className="block text-xs text-stone-500">
                #{order.orderNumber} · {t('onTheBill', { quantity: item.quantity })}
              </span>
            </span>
            <span className="flex items-center gap-1">
              <button
                type="button"
                aria-label={t('fewer', { name: item.name })}
                disabled={n === 0}
                onClick={() => set(item.id, n - 1)}
                className="flex size-12 items-center justify-center rounded-lg border border-stone-300 bg-white disabled:opacity-40"
              >
                <Minus aria-hidden className="size-5" />
              </button>
              <output
                aria-label={t('chosen', { name: item.name })}
                className="w-8 text-center text-lg font-bold tabular-nums"
              >
                {n}
              </output>
              <button
                type="button"
                aria-label={t('more', { name: item.name })}
                disabled={n >= item.quantity}
                onClick={() => set(item.id, n + 1)}
                className="flex size-12 items-center justify-center rounded-lg border border-stone-300 bg-white disabled:opacity-40"
              >
                <Plus aria-hidden className="size-5" />
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
