import { cn } from '@/lib/cn';
import { t } from './pay-dialog-messages';

export type PaymentMethodChoice = 'card' | 'cash';

const METHODS: readonly PaymentMethodChoice[] = ['card', 'cash'];

/** Card or cash, as two large radio tiles under "Payment method". */
export function MethodPicker({
  name,
  value,
  onChange,
}: {
  /** The radio group's name: unique on the page. */
  name: string;
  value: PaymentMethodChoice;
  onChange: (method: PaymentMethodChoice) => void;
}) {
  return (
    <fieldset className="flex gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-700">{t('paymentMethod')}</legend>
      {METHODS.map((m) => (
        <label
          key={m}
          className={cn(
            'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold capitalize',
            value === m ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
          )}
        >
          <input
            type="radio"
            name={name}
            value={m}
            checked={value === m}
            onChange={() => onChange(m)}
            className="sr-only"
          />
          {t(m)}
        </label>
      ))}
    </fieldset>
  );
}
