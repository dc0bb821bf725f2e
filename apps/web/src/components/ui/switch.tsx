import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useFieldProps } from './field-context';

/** An on/off switch (Radix): role switch with aria-checked, Space and Enter toggle it. */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  const field = useFieldProps(props);
  return (
    <RadixSwitch.Root
      className={cn(
        'relative h-6 w-11 shrink-0 rounded-full bg-stone-300 transition focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50 data-[state=checked]:bg-brand-700',
        className,
      )}
      {...props}
      {...field}
    >
      <RadixSwitch.Thumb className="absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition data-[state=checked]:left-5.5" />
    </RadixSwitch.Root>
  );
}
