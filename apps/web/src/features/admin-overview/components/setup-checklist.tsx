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
import { t } from '../messages';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-brand-800 underline-offset-2 hover:underline';

interface StepText {
  title: () => string;
  /** What is there now, or what to do. */
  detail: (c: Checklist['counts'], done: boolean) => string;
  action: (go: { onSystemConfig: () => void }) => ReactNode;
}

/** Each step in the owner's words, with the one tap that gets it done. */
const STEPS: Record<SetupStep, StepText> = {
  menu: {
    title: () => t('menuTitle'),
    detail: (c, done) => (done ? t('menuDone', { count: c.ownMenuItems }) : t('menuToDo')),
    action: () => (
      <Link to="/manager?tab=menu" className={linkClass}>
        {t('openMenu')}
      </Link>
    ),
  },
  tables: {
    title: () => t('tablesTitle'),
    detail: (c, done) =>
      done
        ? t('tablesDone', { count: c.tables })
        : c.tables > 0
          ? t('tablesSome', { count: c.tables })
          : t('tablesNone'),
    action: () => (
      <Link to="/manager?tab=tables" className={linkClass}>
        {t('openTables')}
      </Link>
    ),
  },
  staff: {
    title: () => t('staffTitle'),
    detail: (c, done) => (done ? t('staffDone', { count: c.staff }) : t('staffToDo')),
    action: () => (
      <Link to="/manager?tab=staff" className={linkClass}>
        {t('openStaff')}
      </Link>
    ),
  },
  settings: {
    title: () => t('settingsTitle'),
    detail: (_c, done) => (done ? t('settingsDone') : t('settingsToDo')),
    action: ({ onSystemConfig }) => (
      <button type="button" className={linkClass} onClick={onSystemConfig}>
        {t('openSystem')}
      </button>
    ),
  },
  test_order: {
    title: () => t('orderTitle'),
    detail: (c, done) => (done ? t('orderDone', { count: c.orders }) : t('orderToDo')),
    action: () => (
      <Link to="/manager?tab=tables" className={linkClass}>
        {t('findCode')}
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
  const onDismiss = () => runSave(() => dismiss.mutateAsync(), { failure: t('unableToUpdate') });
  return (
    <section
      aria-labelledby="setup-checklist-title"
      className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-title" className="text-lg font-semibold">
          {t('setUp')}
        </h2>
        <p className="text-sm text-stone-600" role="status">
          {data.complete
            ? t('allDone')
            : t('nOfM', { done: data.steps.length - left, total: data.steps.length })}
        </p>
      </div>
      <ol className="mt-3 divide-y divide-stone-100">
        {data.steps.map((step) => {
          const text = STEPS[step.id];
          return (
            <li
              key={step.id}
              aria-label={t(step.done ? 'stepDone' : 'stepToDo', { title: text.title() })}
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
                  {text.title()}
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
          {t('hideChecklist')}
        </Button>
      )}
    </section>
  );
}
