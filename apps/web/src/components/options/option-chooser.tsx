import {
  type Allergen,
  centsToAmount,
  lineAllergens,
  defaultOptionPicks,
  optionGroupRule,
  pickedUnitPrice,
  PRE_MODIFIER_LABELS,
  type Currency,
  type OptionPick,
  type OptionProblem,
  type PreModifier,
  type PublicOption,
  type PublicOptionGroup,
  type RestaurantMoney,
} from '@tavola/contract';
import { Minus, Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { allergenNames } from '@/components/allergens/allergen-tags';
import { t as allergyText } from '@/components/allergens/messages';
import { avoidedIn } from '@/components/allergens/avoided';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { t } from './messages';

export interface OptionChooserProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item: its name and its own price (`pricing` of the menu item). */
  item: { name: string; pricing: { priceCents: number; currency: Currency } };
  /** Its groups, in the item's order. */
  groups: readonly PublicOptionGroup[];
  /** How the restaurant prices a line; null when the screen cannot price it (no price shown). */
  restaurant: RestaurantMoney | null;
  /** The currency the screen shows prices in. */
  currency: Currency;
  /** The picks to start with (a line being changed); the groups' defaults otherwise. */
  initialPicks?: readonly OptionPick[] | undefined;
  /** The picks once they hold every group's rules. */
  onAdd: (picks: OptionPick[]) => void;
  /**
   * The item's own allergens and those the guest hides: picks that bring one of them into the
   * dish are said before Add (which then reads "Add anyway").
   */
  allergens?:
    | {
        item: { allergens: readonly Allergen[]; traces: readonly Allergen[] };
        avoid: readonly Allergen[];
      }
    | undefined;
}

/** The words for why a selection cannot be added yet (the refusal catalog's, in English). */
export function problemText(problem: OptionProblem): string {
  return t(problem.code, problem.params);
}

function groupHint(g: PublicOptionGroup): string {
  const most = g.options.length * (g.allowRepeat ? g.maxPerOption : 1);
  let text: string;
  if (g.min === g.max) text = t('chooseExactly', { count: g.min });
  else if (g.min === 0) text = t('chooseUpTo', { max: g.max });
  else if (g.max >= most) text = t('chooseAtLeast', { min: g.min });
  else text = t('chooseBetween', { min: g.min, max: g.max });
  return g.allowRepeat && g.maxPerOption > 1
    ? `${text}, ${t('eachUpTo', { max: g.maxPerOption })}`
    : text;
}

/** "+€1.00", "−€2.00", or nothing for no change. */
function priceChange(amount: number, currency: Currency): string {
  if (amount === 0) return '';
  return `${amount > 0 ? '+' : '−'}${formatMoney(Math.abs(amount), currency)}`;
}

/**
 * The chooser of an item with option groups: the groups in order (required ones marked), each
 * with its rule (one of, up to, steppers for repeats, pre-modifiers such as "No" for an
 * ingredient), unavailable options shown and disabled, the running price, and Add, disabled with
 * the reason until the picks hold every rule. The rules and the price are the contract's
 * (`pickedUnitPrice`): what the server will accept and charge.
 */
export default function OptionChooser({
  open,
  onOpenChange,
  item,
  groups,
  restaurant,
  currency,
  initialPicks,
  onAdd,
  allergens,
}: OptionChooserProps) {
  const [picks, setPicks] = useState<OptionPick[]>(() =>
    initialPicks ? [...initialPicks] : defaultOptionPicks(groups.map(optionGroupRule)),
  );
  const reasonId = useId();

  const pickOf = (optionId: string) => picks.find((p) => p.optionId === optionId);
  const countIn = (g: PublicOptionGroup) =>
    g.options.reduce((n, o) => n + (pickOf(o.id)?.quantity ?? (pickOf(o.id) ? 1 : 0)), 0);
  const setPick = (optionId: string, pick: OptionPick | null) =>
    setPicks((current) => {
      const rest = current.filter((p) => p.optionId !== optionId);
      return pick ? [...rest, pick] : rest;
    });

  const { check, running } = useMemo(() => {
    const { check } = pickedUnitPrice(item, groups, picks, restaurant ?? ONE_CURRENCY);
    // The price runs while required groups are still open: the same rule, minimums aside.
    const running = restaurant
      ? pickedUnitPrice(
          item,
          groups.map((g) => ({ ...g, min: 0 })),
          picks,
          restaurant,
        ).unit
      : null;
    return { check, running };
  }, [item, groups, picks, restaurant]);

  const reason = check.ok ? null : problemText(check.problem);

  // What the dish contains with these picks, of what the guest hides.
  const avoided = useMemo(() => {
    if (!allergens?.avoid.length) return [];
    const options = new Map(groups.flatMap((g) => g.options.map((o) => [o.id, o] as const)));
    const picked = picks.flatMap((p) => {
      const o = options.get(p.optionId);
      return o ? [{ allergens: o.allergens, traces: o.traces, preModifier: p.preModifier }] : [];
    });
    return avoidedIn(lineAllergens(allergens.item, picked).allergens, allergens.avoid);
  }, [allergens, groups, picks]);
  const warnId = useId();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={item.name}
      description={t('chooseOptions', { name: item.name })}
      sheet
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (check.ok) onAdd(picks);
        }}
      >
        {groups.map((g) => {
          const count = countIn(g);
          const full = count >= g.max;
          const required = g.min > 0;
          return (
            <fieldset key={g.id} className="space-y-2">
              <legend className="flex w-full flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-stone-900">{g.name}</span>
                <span
                  className={cn(
                    'rounded px-1.5 text-xs font-semibold uppercase',
                    required ? 'bg-stone-900 text-white' : 'bg-stone-100 text-stone-700',
                  )}
                >
                  {required ? t('required') : t('optional')}
                </span>
                <span className="text-sm text-stone-600">{groupHint(g)}</span>
              </legend>
              <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
                {g.options.map((o) => (
                  <li key={o.id} className="px-3 py-1">
                    <OptionRow
                      group={g}
                      option={o}
                      currency={currency}
                      pick={pickOf(o.id)}
                      full={full}
                      onPick={(pick) => {
                        // One of: choosing an option replaces the group's pick.
                        if (isOneOf(g) && pick) {
                          setPicks((current) => [
                            ...current.filter((p) => !g.options.some((x) => x.id === p.optionId)),
                            pick,
                          ]);
                        } else setPick(o.id, pick);
                      }}
                    />
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}

        <div className="sticky -bottom-5 -mx-5 space-y-2 border-t border-stone-200 bg-white px-5 pt-3 pb-5">
          {avoided.length > 0 && (
            <div
              id={warnId}
              role="alert"
              className="rounded-lg border-2 border-red-700 bg-red-50 p-2 text-sm text-red-900"
            >
              <p className="font-bold">
                <span aria-hidden>⚠ </span>
                {allergyText('warnTitle', { allergens: allergenNames(avoided) })}
              </p>
              <p>{allergyText('warnBody', { allergens: allergenNames(avoided) })}</p>
            </div>
          )}
          {reason && (
            <p id={reasonId} role="status" className="text-sm font-medium text-amber-900">
              {reason}
            </p>
          )}
          <div className="flex items-center justify-between gap-3">
            {running && (
              <p className="text-lg font-bold tabular-nums">
                <span className="sr-only">{`${t('price')} `}</span>
                <span data-testid="chooser-price">
                  {formatMoney(centsToAmount(running[currency]), currency)}
                </span>
              </p>
            )}
            <div className="ml-auto flex gap-2">
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                disabled={!check.ok}
                aria-describedby={reason ? reasonId : avoided.length > 0 ? warnId : undefined}
              >
                {avoided.length > 0 ? allergyText('addAnyway') : t('addToOrder')}
              </Button>
            </div>
          </div>
        </div>
      </form>
    </Dialog>
  );
}

/** Pricing without a rate: only the rules are read (no price is shown). */
const ONE_CURRENCY: RestaurantMoney = { currency: 'eur', exchangeRate: 1 };

const isOneOf = (g: PublicOptionGroup) =>
  g.min === 1 && g.max === 1 && !g.allowRepeat && g.preModifiers.length === 0;

function OptionRow({
  group,
  option,
  currency,
  pick,
  full,
  onPick,
}: {
  group: PublicOptionGroup;
  option: PublicOption;
  currency: Currency;
  pick: OptionPick | undefined;
  /** The group has as many picks as its max: nothing more can be added to it. */
  full: boolean;
  onPick: (pick: OptionPick | null) => void;
}) {
  const off = !option.available;
  const change = priceChange(option.price[currency], currency);
  const adds = option.allergens.length > 0 && (
    <span className="block text-xs text-stone-600 no-underline">
      {allergyText('optionAdds', { allergens: allergenNames(option.allergens) })}
    </span>
  );
  const label = (
    <span className="flex min-w-0 flex-1 items-baseline justify-between gap-2">
      <span className={cn('break-words', off && 'text-stone-500 line-through')}>
        {option.name}
        {off && <span className="ml-2 text-xs font-semibold no-underline">{t('unavailable')}</span>}
        {adds}
      </span>
      {change && <span className="shrink-0 text-sm text-stone-600 tabular-nums">{change}</span>}
    </span>
  );

  if (group.preModifiers.length > 0) {
    const extra = priceChange(option.extraPrice[currency], currency);
    return (
      <div className="flex flex-wrap items-center gap-2 py-1">
        <span className={cn('min-w-0 flex-1', off && 'text-stone-500 line-through')}>
          {option.name}
          {off && <span className="ml-2 text-xs font-semibold">{t('unavailable')}</span>}
          {adds}
        </span>
        <span role="group" aria-label={option.name} className="flex flex-wrap gap-1">
          {group.preModifiers.map((m: PreModifier) => {
            const pressed = pick?.preModifier === m;
            return (
              <button
                key={m}
                type="button"
                aria-pressed={pressed}
                aria-label={t('preModifier', {
                  modifier: PRE_MODIFIER_LABELS[m],
                  option: option.name,
                })}
                disabled={off || (!pick && full)}
                onClick={() => onPick(pressed ? null : { optionId: option.id, preModifier: m })}
                className={cn(
                  'min-h-11 rounded-lg border-2 px-3 text-sm font-semibold disabled:opacity-40',
                  pressed ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-300',
                )}
              >
                {pressed && <span aria-hidden>✓ </span>}
                {PRE_MODIFIER_LABELS[m]}
                {m === 'extra' && extra && <span className="ml-1 font-normal">{extra}</span>}
              </button>
            );
          })}
        </span>
      </div>
    );
  }

  if (group.allowRepeat) {
    const n = pick?.quantity ?? (pick ? 1 : 0);
    const set = (q: number) => onPick(q > 0 ? { optionId: option.id, quantity: q } : null);
    return (
      <div className="flex items-center gap-2 py-1">
        {label}
        <button
          type="button"
          aria-label={t('less', { option: option.name })}
          disabled={n === 0}
          onClick={() => set(n - 1)}
          className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 disabled:opacity-40"
        >
          <Minus aria-hidden className="size-4" />
        </button>
        <span className="w-6 text-center font-semibold tabular-nums" aria-live="polite">
          {n}
        </span>
        <button
          type="button"
          aria-label={t('more', { option: option.name })}
          disabled={off || full || n >= group.maxPerOption}
          onClick={() => set(n + 1)}
          className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 disabled:opacity-40"
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
    );
  }

  const oneOf = isOneOf(group);
  return (
    <label
      className={cn(
        'flex min-h-11 items-center gap-3 py-1',
        off ? 'cursor-not-allowed' : 'cursor-pointer',
      )}
    >
      <input
        type={oneOf ? 'radio' : 'checkbox'}
        name={group.id}
        checked={Boolean(pick)}
        disabled={off || (!pick && full && !oneOf)}
        onChange={(e) => onPick(e.target.checked ? { optionId: option.id } : null)}
        className="size-5 accent-stone-900"
      />
      {label}
    </label>
  );
}
