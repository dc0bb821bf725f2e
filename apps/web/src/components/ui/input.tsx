import type {
  InputHTMLAttributes,
  LabelHTMLAttributes,
  ReactNode,
  TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';
import { useFieldProps } from './field-context';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const field = useFieldProps(props);
  return (
    <input
      className={cn(
        'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500',
        className,
      )}
      {...props}
      {...field}
    />
  );
}

/** Several lines of text, styled like Input. */
export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = useFieldProps(props);
  return (
    <textarea
      className={cn(
        'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500',
        className,
      )}
      {...props}
      {...field}
    />
  );
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-medium text-stone-700', className)} {...props} />;
}

/** A checkbox with its label beside it, the whole line a target. */
export function Checkbox({
  label,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  return (
    <label className={cn('flex min-h-11 items-center gap-2 text-sm', className)}>
      <input type="checkbox" className="size-4 accent-brand-700" {...props} />
      {label}
    </label>
  );
}
