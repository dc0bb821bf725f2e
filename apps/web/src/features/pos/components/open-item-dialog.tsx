import { isBuiltInStation, type Currency, type Station } from '@tavola/contract';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useStationOptions } from '@/lib/station-options';
import { t } from '../messages';
import type { OpenItem } from '../pending-order';

/** "12,50" or "12.5" as minor units; null when it is not an amount of 0 or more. */
export function parsePriceCents(text: string): number | null {
  const normal = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

/** An open-priced line: a name, a price and the station that makes it. */
export function OpenItemDialog({
  open,
  currency,
  onClose,
  onAdd,
}: {
  open: boolean;
  currency: Currency;
  onClose: () => void;
  onAdd: (item: OpenItem) => void;
}) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [station, setStation] = useState<Station>('kitchen');
  // Every active station of the restaurant (kitchen and bar while the list loads).
  const { options } = useStationOptions();
  const close = () => {
    setName('');
    setPrice('');
    setStation('kitchen');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={t('openItemTitle')}
      description={t('openItemHint')}
    >
      <Form
        className="space-y-4"
        onSubmit={() => {
          const trimmed = name.trim();
          if (!trimmed) refuse(t('openItemNameRequired'));
          const priceCents = parsePriceCents(price);
          if (priceCents === null) refuse(t('openItemPriceInvalid'));
          onAdd({ name: trimmed, priceCents, station });
        }}
        onSaved={close}
      >
        <Field label={t('openItemName')}>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={t('openItemPrice', { currency: currency.toUpperCase() })}>
          <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-stone-700">
            {t('openItemStation')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {options.map(({ slug: s, name: stationName }) => (
              <label
                key={s}
                className={cn(
                  'flex min-h-11 min-w-24 flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold',
                  station === s ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
                )}
              >
                <input
                  type="radio"
                  name="open-item-station"
                  value={s}
                  checked={station === s}
                  onChange={() => setStation(s)}
                  className="sr-only"
                />
                {isBuiltInStation(s) ? t(s) : stationName}
              </label>
            ))}
          </div>
        </fieldset>
        <FormAlert />
        <FormSubmit size="lg" className="w-full">
          {t('add')}
        </FormSubmit>
      </Form>
    </Dialog>
  );
}
