import type { SetupChecklist as Checklist, SetupStep } from '@tavola/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { runSave } from '@/components/ui/form';
import {
  useDismissSetupChecklist,
  useSetupChecklist,
} from '@/features/admin-overview/api/get-setup-checklist';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-brand-800 underline-offset-2 hover:underline';

interface StepText {
  title: string;
  /** What is there now, or what to do. */
  detail: (c: Checklist['counts'], done: boolean) => string;
  action: (go: { onSystemConfig: () => void }) => ReactNode;
}

/** Each step in the owner's words, with the one tap that gets it done. */
const STEPS: Record<SetupStep, StepText> = {
  menu: {
    title: 'Add your menu',
    detail: (c, done) =>
      done
        ? `${count(c.ownMenuItems, 'item')} of your own`
        : 'Add your own dishes and drinks (the sample items do not count)',
    action: () => (
      <Link to="/manager?tab=menu" className={linkClass}>
        Open the menu
      </Link>
    ),
  },
  tables: {
    title: 'Add tables and print their QR codes',
    detail: (c, done) =>
      done
        ? `${count(c.tables, 'table')}, codes downloaded`
        : c.tables > 0
          ? `${count(c.tables, 'table')}: download their QR codes to print`
          : 'Add your tables, then download their QR codes to print',
    action: () => (
      <Link to="/manager?tab=tables" className={linkClass}>
        Open the tables
      </Link>
    ),
  },
  staff: {
    title: 'Add your staff',
    detail: (c, done) =>
      done ? count(c.staff, 'staff account') : 'Give your waiters, kitchen and bar their accounts',
    action: () => (
      <Link to="/manager?tab=staff" className={linkClass}>
        Open the staff
      </Link>
    ),
  },
  settings: {
    title: 'Set your time zone and tax',
    detail: (_c, done) =>
      done
        ? 'Saved: clocks, the business day and bills follow them'
        : 'Check the time zone, currency and tax rate in System',
    action: ({ onSystemConfig }) => (
      <button type="button" className={linkClass} onClick={onSystemConfig}>
        Open System
      </button>
    ),
  },
  test_order: {
    title: 'Place a test order from your own phone',
    detail: (c, done) =>
      done
        ? count(c.orders, 'order') + ' placed'
        : "Scan a table's QR code with your phone and order something",
    action: () => (
      <Link to="/manager?tab=tables" className={linkClass}>
        Find a table&apos;s code
      </Link>
    ),
  },
};

/**
 * A new restaurant's first screen: the steps to a working restaurant, each ticked off by the
 * server from the restaurant's own data, live. Once every step is done it can be put away.
 */
export function SetupChecklist({ onSystemConfig }: { onSystemConfig: () => void }) {
  const { data, isError, error } = useSetupChecklist();
  const dismiss = useDismissSetupChecklist();
  if (isError) return <Alert tone="error">{error.message}</Alert>;
  if (!data || data.dismissed) return null;
  const left = data.steps.filter((s) => !s.done).length;
  const onDismiss = () => runSave(() => dismiss.mutateAsync(), { failure: 'Unable to update' });
  return (
    <section
      aria-labelledby="setup-checklist-title"
      className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-title" className="text-lg font-semibold">
          Set up your restaurant
        </h2>
        <p className="text-sm text-stone-600" role="status">
          {data.complete
            ? 'All done: your restaurant is ready for guests.'
            : `${data.steps.length - left} of ${data.steps.length} done`}
        </p>
      </div>
      <ol className="mt-3 divide-y divide-stone-100">
        {data.steps.map((step) => {
          const text = STEPS[step.id];
          return (
            <li
              key={step.id}
              aria-label={`${text.title}: ${step.done ? 'done' : 'to do'}`}
              className="flex flex-wrap items-center gap-3 py-2"
            >
              {step.done ? (
                <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-600" />
              ) : (
                <Circle aria-hidden className="size-5 shrink-0 text-stone-400" />
              )}
              <div className="min-w-0 flex-1">
                <p
                  className={step.done ? 'font-medium text-stone-500 line-through' : 'font-medium'}
                >
                  {text.title}
                </p>
                <p className="text-sm text-stone-600">{text.detail(data.counts, step.done)}</p>
              </div>
              {text.action({ onSystemConfig })}
            </li>
          );
        })}
      </ol>
      {data.complete && (
        <Button
          variant="outline"
          className="mt-3"
          disabled={dismiss.isPending}
          onClick={() => void onDismiss()}
        >
          Hide checklist
        </Button>
      )}
    </section>
  );
}
