import type { Allergen, Currency, PublicMenuItem } from '@tavola/contract';
import { Minus, Plus } from 'lucide-react';
import { AllergenTags } from '@/components/allergens/allergen-tags';
import { Badge } from '@/components/ui/badge';
import { formatMoney } from '@/lib/format';
import { t } from '../messages';

export function MenuItemCard({
  item,
  currency,
  quantity,
  onAdd,
  onRemove,
  paused = false,
  avoid,
}: {
  item: PublicMenuItem;
  currency: Currency;
  quantity: number;
  onAdd: () => void;
  onRemove: () => void;
  /** The restaurant takes no guest orders now (its notice says why): nothing can be added. */
  paused?: boolean;
  /** The allergens the guest hides: a trace of one is said on the card. */
  avoid?: readonly Allergen[];
}) {
  return (
    <li className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      {item.image && (
        <img
          src={item.image}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-20 shrink-0 rounded-lg object-cover"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <h3 className="font-semibold text-stone-900">{item.name}</h3>
          {item.special && <Badge tone="brand">{t('special')}</Badge>}
          {!item.available && <Badge tone="red">{t('unavailable')}</Badge>}
        </div>
        {item.description && <p className="text-sm text-stone-600">{item.description}</p>}
        <AllergenTags item={item} avoid={avoid} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <span className="font-semibold text-stone-900">
            {formatMoney(item.price[currency], currency)}
          </span>
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={onRemove}
              disabled={quantity === 0}
              aria-label={t('removeItem', { name: item.name })}
              className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100 disabled:opacity-40"
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <span className="w-6 text-center font-semibold tabular-nums" aria-live="polite">
              {quantity > 0 ? quantity : ''}
              <span className="sr-only">{` ${t('inYourOrder', { count: quantity })}`}</span>
            </span>
            <button
              type="button"
              onClick={onAdd}
              disabled={!item.available || paused}
              aria-label={t('addItem', { name: item.name })}
              className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-500"
            >
              <Plus aria-hidden className="size-4" />
              {t('add')}
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
