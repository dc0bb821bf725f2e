import type { Currency, DiscountResult } from '@tavola/contract';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDiscountReasons } from '@/lib/discount-reasons';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useApplyDiscount } from '../api/discounts';
import { t } from '../messages';
import { parsePriceCents } from './open-item-dialog';

/** What is being discounted: the whole bill, one line, or one line on the house. */
export type DiscountTarget =
  | { kind: 'bill' }
  | { kind: 'line'; lineId: string; name: string }
  | { kind: 'comp'; lineId: string; name: string };

/** "12.5" or "12,5" as a percentage above 0 and at most 100 (two decimals); null otherwise. */
export function parsePercent(text: string): number | null {
  const normal = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  const value = Number(normal);
  return value > 0 && value <= 100 ? value : null;
}

const titleOf = (target: DiscountTarget) =>
  target.kind === 'bill'
    ? t('discountBillTitle')
    : target.kind === 'line'
      ? t('discountLineTitle', { name: target.name })
      : t('compLineTitle', { name: target.name });

/**
 * A discount (a percentage or an amount, on the bill or a line) or a comp, with a reason from the
 * restaurant's list. A refusal (a limit, a permission, a settled bill) shows as the server words it.
 */
export function DiscountDialog({
  sessionId,
  target,
  currency,
  onClose,
  refresh,
}: {
  sessionId: string;
  target: DiscountTarget | null;
  currency: Currency;
  onClose: () => void;
  refresh: () => void;
}) {
  const reasons = useDiscountReasons(target !== null);
  const apply = useApplyDiscount(refresh);
  const [reasonId, setReasonId] = useState('');
  const [by, setBy] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const close = () => {
    setReasonId('');
    setBy('percent');
    setValue('');
    onClose();
  };
  const comp = target?.kind === 'comp';

  const submit = async (): Promise<DiscountResult> => {
    if (!target) refuse(t('reasonRequired'));
    if (!reasonId) refuse(t('reasonRequired'));
    const orderItemId = target.kind === 'bill' ? undefined : target.lineId;
    if (comp) {
      return apply.mutateAsync({ sessionId, input: { kind: 'comp', orderItemId, reasonId } });
    }
    if (by === 'percent') {
      const percent = parsePercent(value);
      if (percent === null) refuse(t('percentInvalid'));
      return apply.mutateAsync({
        sessionId,
        input: { kind: 'percent', percent, orderItemId, reasonId },
      });
    }
    const cents = parsePriceCents(value);
    if (cents === null || cents <= 0) refuse(t('amountInvalid'));
    return apply.mutateAsync({
      sessionId,
      input: { kind: 'amount', amount: cents / 100, orderItemId, reasonId },
    });
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(o) => !o && close()}
      title={target ? titleOf(target) : ''}
      description={comp ? t('compHint') : t('discountHint')}
    >
      <Form
        className="space-y-4"
        onSubmit={submit}
        success={(result) => ({
          title: comp ? t('compGiven') : t('discountGiven'),
          description: t('billNow', { amount: formatMoney(result.billTotal, result.currency) }),
        })}
        onSaved={close}
      >
        <Field
          label={t('reason')}
          hint={
            reasons.isPending
              ? t('loadingReasons')
              : reasons.data?.length === 0
                ? t('noReasons')
                : undefined
          }
          error={reasons.isError ? reasons.error.message : undefined}
        >
          <Select value={reasonId} onChange={(e) => setReasonId(e.target.value)}>
            <option value="">{t('chooseReason')}</option>
            {(reasons.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        {!comp && (
          <>
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-stone-700">
                {t('discountKind')}
              </legend>
              <div className="flex gap-2">
                {(['percent', 'amount'] as const).map((k) => (
                  <label
                    key={k}
                    className={cn(
                      'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold',
                      by === k ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
                    )}
                  >
                    <input
                      type="radio"
                      name="discount-kind"
                      value={k}
                      checked={by === k}
                      onChange={() => setBy(k)}
                      className="sr-only"
                    />
                    {t(k)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field
              label={
                by === 'percent'
                  ? t('percentValue')
                  : t('amountValue', { currency: currency.toUpperCase() })
              }
            >
              <Input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
            </Field>
          </>
        )}
        <FormAlert />
        <FormSubmit size="lg" className="w-full">
          {comp ? t('compIt') : t('apply')}
        </FormSubmit>
      </Form>
    </Dialog>
  );
}
