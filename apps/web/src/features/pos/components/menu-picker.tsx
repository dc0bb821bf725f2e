import { categoryLabel, type OrderMenu, type OrderMenuItem } from '@tavola/contract';
import { PenLine, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { allergenNames } from '@/components/allergens/allergen-tags';
import { ALLERGEN_ICONS } from '@/components/allergens/icons';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { t } from '../messages';

const TOP = '\u0000top';
const TOP_SIZE = 12;

/** Lower case without accents: "creme" finds "Crème brûlée". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The items to show first: what this table ordered last (newest first), then what the restaurant
 * orders most.
 */
export function topItems(
  menu: OrderMenu,
  lastOrdered: readonly string[],
  size = TOP_SIZE,
): OrderMenuItem[] {
  const byId = new Map(menu.items.map((i) => [i.id, i]));
  const byName = new Map(menu.items.map((i) => [fold(i.name), i]));
  const picked = new Map<string, OrderMenuItem>();
  for (const name of lastOrdered) {
    const item = byName.get(fold(name));
    if (item) picked.set(item.id, item);
  }
  for (const id of menu.mostOrdered) {
    const item = byId.get(id);
    if (item) picked.set(item.id, item);
  }
  return [...picked.values()].slice(0, size);
}

/**
 * What is in a dish, under its name on the tile, so a waiter can answer at the table: the
 * allergens with their symbols and words, what it may contain, or that none were declared.
 */
function ItemAllergens({ item }: { item: OrderMenuItem }) {
  const id = `allergens-${item.id}`;
  if (!item.allergensDeclared) {
    return (
      <span id={id} className="text-xs font-medium text-amber-900">
        <span aria-hidden>⚠ </span>
        {t('itemAllergensNotDeclared', { name: item.name })}
      </span>
    );
  }
  if (item.allergens.length === 0 && item.traces.length === 0) {
    return (
      <span id={id} className="sr-only">
        {t('itemNoAllergens', { name: item.name })}
      </span>
    );
  }
  const contains = allergenNames(item.allergens);
  const traces = item.traces.length
    ? t('mayContain', { allergens: allergenNames(item.traces) })
    : '';
  return (
    <span id={id} className="line-clamp-2 text-xs text-stone-700">
      <span className="sr-only">{`${t('allergensLabel')} `}</span>
      {item.allergens.map((a) => (
        <span key={a} aria-hidden>
          {ALLERGEN_ICONS[a]}
        </span>
      ))}{' '}
      {[contains, traces].filter(Boolean).join('; ')}
    </span>
  );
}

/**
 * The menu as large tiles: one tap adds one. Search as you type looks through the whole menu;
 * otherwise a category, or "Top": the table's last orders and the restaurant's most ordered.
 */
export function MenuPicker({
  menu,
  lastOrdered,
  counts,
  onAdd,
  onOpenItem,
}: {
  menu: OrderMenu;
  /** Names of what this table or tab ordered, the newest first. */
  lastOrdered: readonly string[];
  /** How many of each menu item are not sent yet. */
  counts: ReadonlyMap<string, number>;
  onAdd: (item: OrderMenuItem) => void;
  /** Shown with the open_items permission. */
  onOpenItem?: (() => void) | undefined;
}) {
  const top = useMemo(() => topItems(menu, lastOrdered), [menu, lastOrdered]);
  const [category, setCategory] = useState<string>(() =>
    top.length ? TOP : (menu.categories[0] ?? TOP),
  );
  const [query, setQuery] = useState('');
  const needle = fold(query.trim());
  const shown = needle
    ? menu.items.filter((i) => fold(i.name).includes(needle) || fold(i.category) === needle)
    : category === TOP
      ? top
      : menu.items.filter((i) => i.category === category);
  const tabs = [...(top.length ? [TOP] : []), ...menu.categories];

  return (
    <section aria-label={t('menu')} className="space-y-3">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
        />
        <input
          type="search"
          aria-label={t('search')}
          placeholder={t('search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="block min-h-12 w-full rounded-xl border border-stone-300 bg-white pr-3 pl-10 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {!needle && (
        <div
          role="group"
          aria-label={t('categories')}
          className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1"
        >
          {tabs.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={key === category}
              onClick={() => setCategory(key)}
              className={cn(
                'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold',
                key === category
                  ? 'bg-stone-900 text-white'
                  : 'border border-stone-300 bg-white text-stone-700',
              )}
            >
              {key === TOP ? t('top') : categoryLabel(key)}
            </button>
          ))}
          {onOpenItem && (
            <button
              type="button"
              onClick={onOpenItem}
              className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border border-dashed border-stone-400 bg-white px-4 text-sm font-semibold text-stone-700"
            >
              <PenLine aria-hidden className="size-4" /> {t('openItem')}
            </button>
          )}
        </div>
      )}
      {shown.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-600">
          {needle ? t('noMatch', { query: query.trim() }) : t('emptyCategory')}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((item) => {
            const count = counts.get(item.id) ?? 0;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  disabled={!item.available}
                  onClick={() => onAdd(item)}
                  aria-label={t('addItem', { name: item.name })}
                  aria-describedby={[`allergens-${item.id}`, count ? `in-order-${item.id}` : '']
                    .join(' ')
                    .trim()}
                  className={cn(
                    'flex h-full min-h-20 w-full flex-col items-start justify-between gap-1 rounded-xl border-2 bg-white p-3 text-left shadow-sm transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-50',
                    count ? 'border-brand-600 bg-brand-50' : 'border-transparent',
                  )}
                >
                  <span className="line-clamp-2 leading-tight font-semibold break-words text-stone-900">
                    {item.name}
                  </span>
                  <ItemAllergens item={item} />
                  <span className="flex w-full items-center justify-between gap-2 text-sm text-stone-600 tabular-nums">
                    {item.available ? formatMoney(item.price, menu.currency) : t('unavailable')}
                    {count > 0 && (
                      <span
                        id={`in-order-${item.id}`}
                        className="inline-flex min-w-7 items-center justify-center rounded-full bg-brand-700 px-2 text-sm font-bold text-white"
                      >
                        <span aria-hidden>{count}</span>
                        <span className="sr-only">{t('inOrder', { count })}</span>
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
