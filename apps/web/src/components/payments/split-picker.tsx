import {
  planPayment,
  type GuestBill,
  type PayableLine,
  type PayPlan,
  type PaySplit,
  type PaySplitInput,
} from '@tavola/contract';
import { Minus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { t } from './split-messages';

export type SplitMode = 'all' | 'items' | 'share' | 'equal' | 'amount';

/** What the picker reads of a bill: the guests' itemised bill, or the same read by staff. */
export type SplitBill = Pick<GuestBill, 'lines' | 'equalParts'>;

const MODES: SplitMode[] = ['all', 'items', 'share', 'equal', 'amount'];
const MODE_LABEL = {
  all: 'modeAll',
  items: 'modeItems',
  share: 'modeShare',
  equal: 'modeEqual',
  amount: 'modeAmount',
} as const;

export const toCents = (amount: number) => Math.round(amount * 100);

/** A typed amount in cents ("12,50" as well as "12.50"), or null when it is not one. */
export function parseCents(text: string): number | null {
  const n = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? toCents(n) : null;
}

/** The bill's lines as the contract's plan reads them (cents). */
function payableLines(bill: SplitBill): PayableLine[] {
  return bill.lines.map((l) => {
    const total = toCents(l.total);
    const tax = toCents(l.tax);
    const service = toCents(l.service);
    return {
      id: l.lineId,
      quantity: l.quantity,
      parts: { total, tax, service, net: total - tax - service },
      paidCents: toCents(l.paid),
    };
  });
}

export function Stepper({
  value,
  min,
  max,
  onChange,
  label,
  fewer,
  more,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
  fewer: string;
  more: string;
}) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={label}>
      <Button
        variant="outline"
        size="sm"
        aria-label={fewer}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden className="size-4" />
      </Button>
      <span className="w-7 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-label={more}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden className="size-4" />
      </Button>
    </div>
  );
}

/**
 * How a payer divides a bill: everything, some lines (or part of a line's quantity), one item
 * shared between N, an equal part of N, or an amount; the part it comes to, by the contract's
 * plan (the server plans the same and refuses what is no longer owed).
 */
export function useSplitChoice(
  bill: SplitBill | undefined,
  {
    initialMode = 'all',
    preselect = [],
  }: { initialMode?: SplitMode; preselect?: readonly string[] } = {},
) {
  const [mode, setMode] = useState<SplitMode>(initialMode);
  const [picked, setPicked] = useState<Record<string, number> | null>(null);
  const [shareLine, setShareLine] = useState('');
  const [shares, setShares] = useState(2);
  const [parts, setParts] = useState(2);
  const [amountText, setAmountText] = useState('');

  const lines = useMemo(() => (bill ? payableLines(bill) : []), [bill]);
  const unpaid = bill?.lines.filter((l) => l.remaining > 0) ?? [];
  // The lines of the preselected orders start chosen (what of them is still unpaid).
  const chosen =
    picked ??
    Object.fromEntries(
      unpaid
        .filter((l) => preselect.includes(l.orderId))
        .map((l) => [l.lineId, l.quantity - l.paidQuantity]),
    );
  const shareId = shareLine || unpaid[0]?.lineId || '';

  const split: PaySplit | null = (() => {
    switch (mode) {
      case 'all':
        return { kind: 'all' };
      case 'items': {
        const asked = Object.entries(chosen)
          .filter(([, q]) => q > 0)
          .map(([lineId, quantity]) => ({ lineId, quantity }));
        return asked.length ? { kind: 'items', lines: asked } : null;
      }
      case 'share':
        return shareId ? { kind: 'share', lineId: shareId, shares } : null;
      case 'equal':
        return { kind: 'equal', parts };
      case 'amount': {
        const c = parseCents(amountText);
        return c ? { kind: 'amount', amountCents: c } : null;
      }
    }
  })();
  const equalPaid = bill?.equalParts.find((e) => e.parts === parts)?.paid ?? 0;
  const plan: PayPlan | null = split && lines.length ? planPayment(lines, split, equalPaid) : null;
  /** The split as the payments routes take it (amounts in major units). */
  const input: PaySplitInput | null = !split
    ? null
    : split.kind === 'amount'
      ? { kind: 'amount', amount: split.amountCents / 100 }
      : split.kind === 'items'
        ? { kind: 'items', lines: [...split.lines] }
        : split;

  return {
    mode,
    setMode,
    chosen,
    pick: (lineId: string, quantity: number) => setPicked({ ...chosen, [lineId]: quantity }),
    unpaid,
    shareId,
    setShareLine,
    shares,
    setShares,
    parts,
    setParts,
    equalPaid,
    amountText,
    setAmountText,
    split,
    input,
    plan,
    partCents: plan?.ok ? plan.amountCents : 0,
    /** After a payment: nothing chosen, no amount typed (the mode stays). */
    reset: () => {
      setPicked(null);
      setAmountText('');
    },
  };
}

export type SplitChoice = ReturnType<typeof useSplitChoice>;

/** The split's modes and, under them, what the chosen mode asks for. */
export function SplitPicker({
  bill,
  choice,
  legend,
  itemsLabel = t('modeItems'),
  money,
}: {
  bill: SplitBill;
  choice: SplitChoice;
  legend: string;
  /** The guest's page says "My items"; the waiter's dialog "Items". */
  itemsLabel?: string;
  /** Cents in the bill's currency. */
  money: (cents: number) => string;
}) {
  const { mode, chosen } = choice;
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{legend}</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={legend}>
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => choice.setMode(m)}
              className={cn(
                'min-h-10 rounded-full border px-3 text-sm font-medium',
                mode === m
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-stone-300 bg-white text-stone-800',
              )}
            >
              {m === 'items' ? itemsLabel : t(MODE_LABEL[m])}
            </button>
          ))}
        </div>
      </fieldset>

      {mode === 'items' && (
        <ul aria-label={t('lines')} className="divide-y divide-stone-200">
          {bill.lines.map((l) => {
            const left = l.quantity - l.paidQuantity;
            const q = chosen[l.lineId] ?? 0;
            const done = l.remaining <= 0;
            return (
              <li key={l.lineId} className="flex items-center gap-2 py-2">
                <label className="flex min-w-0 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0"
                    disabled={done}
                    checked={q > 0}
                    onChange={(e) => choice.pick(l.lineId, e.target.checked ? left : 0)}
                  />
                  <span className="min-w-0">
                    <span className={cn('block truncate', done && 'text-stone-500')}>
                      {l.quantity}× {l.name}
                    </span>
                    <span className="block text-xs text-stone-600">
                      {done
                        ? t('paidLine')
                        : t('remainingOf', { remaining: money(toCents(l.remaining)) })}
                    </span>
                  </span>
                </label>
                {!done && left > 1 && q > 0 && (
                  <Stepper
                    value={q}
                    min={1}
                    max={left}
                    onChange={(n) => choice.pick(l.lineId, n)}
                    label={t('quantityOf', { item: l.name })}
                    fewer={t('fewer', { item: l.name })}
                    more={t('more', { item: l.name })}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      {mode === 'share' && (
        <div className="space-y-3">
          <label className="block text-sm font-semibold">
            {t('shareItem')}
            <select
              className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
              value={choice.shareId}
              onChange={(e) => choice.setShareLine(e.target.value)}
            >
              {choice.unpaid.map((l) => (
                <option key={l.lineId} value={l.lineId}>
                  {l.quantity}× {l.name} ({money(toCents(l.remaining))})
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-center justify-between">
            <span className="text-sm font-semibold">{t('shareBetween')}</span>
            <Stepper
              value={choice.shares}
              min={2}
              max={20}
              onChange={choice.setShares}
              label={t('shareBetween')}
              fewer={t('fewerPeople')}
              more={t('morePeople')}
            />
          </div>
        </div>
      )}

      {mode === 'equal' && (
        <div className="flex items-center justify-between">
          <span className="text-sm font-semibold">
            {t('people')}
            {choice.equalPaid > 0 && (
              <span className="block text-xs font-normal text-stone-600">
                {t('equalPaid', { paid: choice.equalPaid, parts: choice.parts })}
              </span>
            )}
          </span>
          <Stepper
            value={choice.parts}
            min={2}
            max={20}
            onChange={choice.setParts}
            label={t('people')}
            fewer={t('fewerPeople')}
            more={t('morePeople')}
          />
        </div>
      )}

      {mode === 'amount' && (
        <label className="block text-sm font-semibold">
          {t('amount')}
          <input
            inputMode="decimal"
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3"
            value={choice.amountText}
            onChange={(e) => choice.setAmountText(e.target.value)}
          />
        </label>
      )}
    </>
  );
}
