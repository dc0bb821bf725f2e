import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldContext, type FieldControl } from './field-context';
import { Label } from './input';

export interface FieldProps {
  label: ReactNode;
  /** The control's id; one is made up when not given. */
  id?: string;
  /** A line under the control that describes it (read out with it). */
  hint?: ReactNode;
  /** Why the value is refused; marks the control invalid and is read out with it. */
  error?: ReactNode;
  /**
   * `inline` puts the control before its label, for a switch or a checkbox; `row` puts the label
   * before the control on one line, for a small filter in a toolbar.
   */
  layout?: 'stacked' | 'inline' | 'row';
  className?: string;
  labelClassName?: string;
  /** One control (Input, Select, Textarea, Switch, …); it takes the field's id. */
  children: ReactNode;
}

/**
 * A label, its control, a hint and an error, tied together: the label names the control, the
 * hint and the error describe it, and an error marks it invalid.
 */
export function Field({
  label,
  id,
  hint,
  error,
  layout = 'stacked',
  className,
  labelClassName,
  children,
}: FieldProps) {
  const made = useId();
  const controlId = id ?? made;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control: FieldControl = {
    id: controlId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
    invalid: Boolean(error),
  };
  const notes = (
    <>
      {hint && (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
  if (layout === 'row') {
    return (
      <div className={cn('flex items-center gap-2', className)}>
        <Label htmlFor={controlId} className={labelClassName}>
          {label}
        </Label>
        <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
        {notes}
      </div>
    );
  }
  if (layout === 'inline') {
    return (
      <div className={cn('flex items-start gap-3', className)}>
        <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
        <div>
          <Label htmlFor={controlId} className={labelClassName}>
            {label}
          </Label>
          {notes}
        </div>
      </div>
    );
  }
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={controlId} className={labelClassName}>
        {label}
      </Label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {notes}
    </div>
  );
}
