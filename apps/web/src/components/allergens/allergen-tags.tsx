import type { Allergen, Diet, PublicMenuItem } from '@tavola/contract';
import { cn } from '@/lib/cn';
import { ALLERGEN_ICONS, DIET_ICONS } from './icons';
import { t } from './messages';

export const allergenName = (code: Allergen) => t(`allergen_${code}`);
export const dietName = (diet: Diet) => t(`diet_${diet}`);

/** "Nuts, Milk": allergens named in a sentence. */
export const allergenNames = (codes: readonly Allergen[]) => codes.map(allergenName).join(', ');

/** An allergen as a symbol and its word (the word carries the meaning; the symbol is decoration). */
export function AllergenLabel({ code, className }: { code: Allergen; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span aria-hidden>{ALLERGEN_ICONS[code]}</span>
      {allergenName(code)}
    </span>
  );
}

type Declared = Pick<PublicMenuItem, 'allergens' | 'traces' | 'allergensDeclared' | 'diets'>;

/**
 * An item's allergens under its name: what it contains, what it may contain, its diets, and a
 * plain word when the restaurant has not declared them. A trace of an allergen the guest hides
 * is said in words, not only marked.
 */
export function AllergenTags({
  item,
  avoid = [],
  className,
}: {
  item: Declared;
  avoid?: readonly Allergen[];
  className?: string;
}) {
  if (!item.allergensDeclared) {
    return (
      <p className={cn('text-xs font-medium text-amber-900', className)}>
        <span aria-hidden>⚠ </span>
        {t('notDeclared')}
      </p>
    );
  }
  const avoidedTraces = item.traces.filter((a) => avoid.includes(a));
  const chip = 'rounded-full border border-stone-300 px-2 py-0.5';
  return (
    <div className={cn('space-y-1 text-xs text-stone-700', className)}>
      {(item.allergens.length > 0 || item.diets.length > 0) && (
        <ul className="flex flex-wrap gap-1" aria-label={t('contains')}>
          {item.allergens.map((a) => (
            <li key={a} className={chip}>
              <AllergenLabel code={a} />
            </li>
          ))}
          {item.diets.map((d) => (
            <li key={d} className={cn(chip, 'border-green-700 text-green-900')}>
              <span aria-hidden>{DIET_ICONS[d]} </span>
              {dietName(d)}
            </li>
          ))}
        </ul>
      )}
      {item.traces.length > 0 && (
        <p>
          {`${t('mayContain')}: `}
          {allergenNames(item.traces)}
        </p>
      )}
      {avoidedTraces.length > 0 && (
        <p className="font-semibold text-amber-900">
          <span aria-hidden>⚠ </span>
          {t('avoidedTrace', { allergens: allergenNames(avoidedTraces) })}
        </p>
      )}
    </div>
  );
}
