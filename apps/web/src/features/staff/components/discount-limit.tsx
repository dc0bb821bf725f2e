import { hasPermission, type StaffMember } from '@tavola/contract';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useSetDiscountLimit } from '@/features/staff/api/set-discount-limit';
import { t } from '../messages';

/** "" is no limit; otherwise a number of 0 or more with two decimals at most, or null. */
function parseLimit(text: string, max: number): number | null | 'invalid' {
  const normal = text.trim().replace(',', '.');
  if (normal === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return 'invalid';
  const value = Number(normal);
  return value <= max ? value : 'invalid';
}

const shown = (value: number | null) => (value === null ? '' : String(value));

/**
 * How far one member of staff may go with one discount, beside their permission switches: a
 * percentage and an amount, each empty for no limit. Shown while they may give discounts or comps.
 */
export function DiscountLimit({ member }: { member: StaffMember }) {
  const save = useSetDiscountLimit();
  const limit = member.discountLimit ?? { maxPercent: null, maxAmount: null };
  const [percent, setPercent] = useState(shown(limit.maxPercent));
  const [amount, setAmount] = useState(shown(limit.maxAmount));
  const perms = member.permissions ?? [];
  if (!hasPermission(perms, 'apply_discounts') && !hasPermission(perms, 'comp_items')) return null;
  return (
    <Form
      className="rounded-lg bg-stone-50 p-2"
      aria-label={t('discountLimitOf', { name: member.name })}
      onSubmit={() => {
        const maxPercent = parseLimit(percent, 100);
        if (maxPercent === 'invalid') refuse(t('limitPercentInvalid'));
        const maxAmount = parseLimit(amount, 1_000_000);
        if (maxAmount === 'invalid') refuse(t('limitAmountInvalid'));
        return save.mutateAsync({ id: member.id, maxPercent, maxAmount });
      }}
      success={{ title: t('limitSaved'), description: member.name }}
    >
      <p aria-hidden className="mb-1 text-xs font-semibold text-stone-600 uppercase">
        {t('discountLimit')}
      </p>
      <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
        <Field label={t('maxPercent')} labelClassName="text-sm">
          <Input
            inputMode="decimal"
            placeholder={t('noLimit')}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </Field>
        <Field label={t('maxAmount')} labelClassName="text-sm">
          <Input
            inputMode="decimal"
            placeholder={t('noLimit')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <FormSubmit size="sm" variant="outline" disabled={member.status === 'inactive'}>
          {t('saveLimit')}
        </FormSubmit>
      </div>
      <FormAlert className="mt-2" />
    </Form>
  );
}
