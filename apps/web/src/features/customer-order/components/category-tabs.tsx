import { categoryLabel } from '@tavola/contract';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { t } from '../messages';

/**
 * A category's name in the guest's language where the manager gave one, else the fixed
 * categories' from the catalog; a manager's own category is their own word.
 */
const FIXED_CATEGORIES = new Map([
  ['food', 'categoryFood'],
  ['drinks', 'categoryDrinks'],
  ['specials', 'categorySpecials'],
] as const);
const labelOf = (key: string, names: Readonly<Record<string, string>> | undefined) => {
  if (names && Object.hasOwn(names, key)) return names[key]!;
  const fixed = FIXED_CATEGORIES.get(key as 'food');
  return fixed ? t(fixed) : categoryLabel(key);
};

export const CATEGORY_PANEL_ID = 'category-panel';
export const categoryTabId = (index: number) => `category-tab-${index}`;

const MOVES: Record<string, (i: number, last: number) => number> = {
  ArrowRight: (i, last) => (i === last ? 0 : i + 1),
  ArrowLeft: (i, last) => (i === 0 ? last : i - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The menu's category tabs as a plain ARIA tablist (one tab stop, arrow keys, Home and End, a tab
 * chosen as focus reaches it), without Radix: on the guest page Radix Tabs cost about 10 KB gzip
 * of its 120 KB budget. The panel is the page's: role tabpanel, id CATEGORY_PANEL_ID, labelled by
 * categoryTabId of the chosen tab.
 */
export function CategoryTabs({
  categories,
  names,
  value,
  onChange,
}: {
  categories: string[];
  /** Category names in the guest's language, by key (the menu's `categoryNames`). */
  names?: Readonly<Record<string, string>> | undefined;
  value: string;
  onChange: (category: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const move = MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const next = move(categories.indexOf(value), categories.length - 1);
    onChange(categories[next]!);
    (list.current?.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className="flex gap-2 overflow-x-auto"
    >
      {categories.map((key, i) => {
        const selected = key === value;
        return (
          <button
            key={key}
            id={categoryTabId(i)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? CATEGORY_PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(key)}
            className={cn(
              'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none',
              selected
                ? 'bg-brand-700 text-white'
                : 'bg-stone-100 text-stone-700 hover:bg-stone-200',
            )}
          >
            {labelOf(key, names)}
          </button>
        );
      })}
    </div>
  );
}
