import type { SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { useFieldProps } from './field-context';

/**
 * A choice from a short fixed list: the platform's own <select>, styled like Input. Native on
 * purpose rather than Radix Select: the phone's own picker, the form's autofill and keyboard
 * typeahead come free, a label's `for` names it, and tests pick options the way a person does.
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  const field = useFieldProps(props);
  return (
    <select
      className={cn(
        'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none',
        className,
      )}
      {...props}
      {...field}
    />
  );
}
