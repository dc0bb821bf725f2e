import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs (Radix): the tablist, its tabs and their panels wired by ARIA (roles, aria-selected,
 * aria-controls), arrow keys between tabs and one tab stop for the list. Style the selected tab
 * with `data-[state=active]:` classes.
 */
export function Tabs<T extends string>({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof RadixTabs.Root>, 'value' | 'onValueChange' | 'defaultValue'> & {
  value: T;
  onValueChange: (value: T) => void;
}) {
  // Radix hands back the string of a trigger this screen rendered, so it is one of its T values.
  return <RadixTabs.Root value={value} onValueChange={(v) => onValueChange(v as T)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('flex gap-2', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'min-h-11 shrink-0 font-semibold focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      className={cn(
        'focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}

const PER_ROW = { 3: 'grid-cols-3', 4: 'grid-cols-4' } as const;

/**
 * A dashboard's sections as underlined tabs: in a row on a wide screen, on a phone a grid of
 * `perRow` so every one is in view.
 */
export function SectionTabList({
  tabs,
  label,
  perRow,
  compact = false,
}: {
  tabs: readonly { id: string; label: string }[];
  label: string;
  perRow: keyof typeof PER_ROW;
  /** Smaller text on a phone, for longer names. */
  compact?: boolean;
}) {
  return (
    <TabsList
      aria-label={label}
      className={cn('mb-5 grid gap-1 border-b border-stone-200 sm:flex', PER_ROW[perRow])}
    >
      {tabs.map((t) => (
        <TabsTrigger
          key={t.id}
          value={t.id}
          className={cn(
            '-mb-px border-b-2 border-transparent text-stone-600 sm:px-4 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 data-[state=inactive]:hover:text-stone-900',
            compact ? 'px-1 text-sm sm:text-base' : 'px-2',
          )}
        >
          {t.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

/** A tab's own sections as a row of pills (the Menu tab's Items | Stations, Analytics' three). */
export function SubsectionTabList({
  sections,
  label,
}: {
  sections: readonly { id: string; label: string }[];
  label: string;
}) {
  return (
    <TabsList aria-label={label} className="mb-4 flex-wrap gap-1">
      {sections.map((s) => (
        <TabsTrigger
          key={s.id}
          value={s.id}
          className="rounded-full px-4 text-sm text-stone-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=inactive]:hover:bg-stone-200"
        >
          {s.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
