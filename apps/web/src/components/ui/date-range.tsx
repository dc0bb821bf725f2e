import { t } from '../shell-messages';
import { Field } from './field';
import { Input } from './input';

export interface DateRange {
  from: string;
  to: string;
}

/** The refusal of a range that ends before it starts (either end may be left open). */
export const rangeProblem = ({ from, to }: DateRange): string | null =>
  from && to && from > to ? t('rangeBackwards') : null;

/** A list's From and To date filters, side by side in its filter bar. */
export function DateRangeFields({
  idPrefix,
  value,
  onChange,
}: {
  /** Their ids are `${idPrefix}-from` and `${idPrefix}-to`. */
  idPrefix: string;
  value: DateRange;
  onChange: (next: DateRange) => void;
}) {
  return (
    <>
      <Field label={t('from')} id={`${idPrefix}-from`} className="space-y-1">
        <Input
          type="date"
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
        />
      </Field>
      <Field label={t('to')} id={`${idPrefix}-to`} className="space-y-1">
        <Input
          type="date"
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
        />
      </Field>
    </>
  );
}
