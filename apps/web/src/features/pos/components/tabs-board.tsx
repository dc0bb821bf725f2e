import { TAB_TYPES, type Currency, type Tab, type TabType } from '@tavola/contract';
import {
  ArrowLeft,
  CircleX,
  CreditCard,
  Phone,
  ShoppingBag,
  Timer,
  UtensilsCrossed,
  Wine,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useRestaurantTimeZone } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatMoney, formatTime } from '@/lib/format';
import { useOrderMenu } from '../api/get-order-menu';
import { useTabs } from '../api/get-tabs';
import { useCloseTab } from '../api/close-tab';
import { useOpenTab } from '../api/open-tab';
import { t } from '../messages';
import { BillPayDialog, type PayingBill } from './bill-pay-dialog';

const TYPE_ICON = { bar_tab: Wine, counter: UtensilsCrossed, takeaway: ShoppingBag } as const;

/** A tab as a title: "Bar tab · Anna". */
export const tabTitle = (tab: Pick<Tab, 'type' | 'name'>) => `${t(tab.type)} · ${tab.name}`;

/**
 * Whether a bill has an order left to pay: one not voided. A bill comped in full still has (and
 * is paid at zero, for its receipt); one with none is closed instead (`CloseTabButton`).
 */
export const hasOrdersToPay = (orders: readonly { status: string }[]) =>
  orders.some((o) => o.status !== 'cancelled');

/**
 * Closes a tab with nothing on it to pay (opened by mistake, its orders voided): no payment and no
 * receipt. Nothing is lost by a tap too many, so it asks no confirmation.
 */
export function CloseTabButton({
  tab,
  onClosed,
  className,
}: {
  tab: Pick<Tab, 'id' | 'type' | 'name'>;
  onClosed: (title: string) => void;
  className?: string;
}) {
  const close = useCloseTab();
  return (
    <div className={cn('space-y-2', className)}>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={close.isPending}
        onClick={() => close.mutate(tab.id, { onSuccess: () => onClosed(tabTitle(tab)) })}
        aria-label={`${t('closeTab')}: ${tabTitle(tab)}`}
      >
        <CircleX aria-hidden className="size-5" /> {t('closeTab')}
      </Button>
      {close.isError && (
        <Alert tone="error">{t('closeTabFailed', { error: close.error.message })}</Alert>
      )}
    </div>
  );
}

/**
 * Today's "19:30" on this device's clock as an instant with its offset; null for anything else.
 * The server refuses a time already past.
 */
export function pickupInstant(time: string, now = new Date()): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const at = new Date(now);
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return at.toISOString();
}

function OpenTabForm({ onOpened }: { onOpened: (tab: Tab) => void }) {
  const [type, setType] = useState<TabType>('bar_tab');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [pickup, setPickup] = useState('');
  const open = useOpenTab();
  return (
    <Form
      aria-label={t('openTab')}
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
      onSubmit={async () => {
        if (!name.trim()) refuse(t('nameRequired'));
        const pickupAt = type === 'takeaway' ? pickupInstant(pickup) : null;
        if (type === 'takeaway' && !pickupAt) refuse(t('pickupRequired'));
        return open.mutateAsync({
          type,
          name: name.trim(),
          ...(phone.trim() ? { phone: phone.trim() } : {}),
          ...(pickupAt ? { pickupAt } : {}),
        });
      }}
      onSaved={onOpened}
    >
      <h2 className="text-lg font-bold">{t('openTab')}</h2>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-700">{t('tabType')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {TAB_TYPES.map((kind) => {
            const Icon = TYPE_ICON[kind];
            return (
              <label
                key={kind}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center justify-center gap-1.5 rounded-lg border-2 px-1 text-sm font-semibold',
                  type === kind ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
                )}
              >
                <input
                  type="radio"
                  name="tab-type"
                  value={kind}
                  checked={type === kind}
                  onChange={() => setType(kind)}
                  className="sr-only"
                />
                <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />
                {t(kind)}
              </label>
            );
          })}
        </div>
      </fieldset>
      <Field label={type === 'takeaway' ? t('takeawayName') : t('tabName')}>
        <Input
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('phone')} hint={t('phoneHint')}>
          <Input
            type="tel"
            value={phone}
            maxLength={30}
            onChange={(e) => setPhone(e.target.value)}
          />
        </Field>
        {type === 'takeaway' && (
          <Field label={t('pickupAt')}>
            <Input type="time" value={pickup} onChange={(e) => setPickup(e.target.value)} />
          </Field>
        )}
      </div>
      <FormAlert />
      <FormSubmit size="lg" className="w-full">
        {t('open')}
      </FormSubmit>
    </Form>
  );
}

function TabCard({
  tab,
  currency,
  onPay,
  onClosed,
}: {
  tab: Tab;
  currency: Currency;
  onPay: (tab: Tab) => void;
  onClosed: (title: string) => void;
}) {
  const tz = useRestaurantTimeZone();
  const Icon = TYPE_ICON[tab.type];
  return (
    <article
      aria-label={tabTitle(tab)}
      className="space-y-2 rounded-xl border-2 border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-stone-900 text-white">
          <Icon aria-hidden className="size-6" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-bold">{tab.name}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
            <Badge tone={tab.type === 'takeaway' ? 'amber' : 'neutral'}>{t(tab.type)}</Badge>
            {tab.pickupAt && (
              <span className="inline-flex items-center gap-1 font-semibold text-stone-900">
                <Timer aria-hidden className="size-3.5" />
                {t('pickup', { time: formatTime(tab.pickupAt, tz) })}
              </span>
            )}
            {tab.phone && (
              <span className="inline-flex items-center gap-1">
                <Phone aria-hidden className="size-3.5" /> {tab.phone}
              </span>
            )}
            {tab.waiter && <span>{tab.waiter.name}</span>}
          </p>
        </div>
        <p className="text-right font-semibold tabular-nums">
          {formatMoney(tab.billTotal, currency)}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Link
          to={`/waiter/tabs/${tab.id}`}
          className="inline-flex min-h-12 items-center justify-center rounded-lg bg-stone-900 font-semibold text-white"
          aria-label={t('orderFor', { place: tabTitle(tab) })}
        >
          {t('order')}
        </Link>
        {hasOrdersToPay(tab.orders) ? (
          <Button
            variant="outline"
            size="lg"
            onClick={() => onPay(tab)}
            aria-label={`${t('takePayment')}: ${tabTitle(tab)}`}
          >
            <CreditCard aria-hidden className="size-5" /> {t('takePayment')}
          </Button>
        ) : (
          <CloseTabButton tab={tab} onClosed={onClosed} />
        )}
      </div>
    </article>
  );
}

/** A tab's bill, for the payment dialog. */
export const tabBill = (tab: Tab): PayingBill => ({
  ...tab,
  sessionId: tab.id,
  label: tabTitle(tab),
});

/** Bar tabs, counter orders and takeaways: open one by name, ring up rounds, take payment. */
export function TabsBoard() {
  const navigate = useNavigate();
  const { data, isPending, isError, error } = useTabs();
  // The restaurant's currency, which its bills are in (the menu is wanted next anyway).
  const currency = useOrderMenu().data?.currency ?? 'eur';
  // The tab by its id: the dialog follows its bill as the list is read again.
  const [payingId, setPayingId] = useState<string | null>(null);
  const payingTab = data?.find((x) => x.id === payingId);
  const paying = payingTab ? tabBill(payingTab) : null;
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <div className="space-y-3">
        <Link
          to="/waiter"
          className="inline-flex min-h-11 items-center gap-1 rounded-lg pr-2 font-semibold text-stone-700 hover:bg-stone-100"
        >
          <ArrowLeft aria-hidden className="size-5" /> {t('backToFloor')}
        </Link>
        <p className="text-sm text-stone-600">{t('tabsIntro')}</p>
        <OpenTabForm onOpened={(tab) => void navigate(`/waiter/tabs/${tab.id}`)} />
      </div>
      <section aria-labelledby="open-tabs" className="space-y-3">
        <h2 id="open-tabs" className="text-lg font-bold">
          {t('openTabs')}
        </h2>
        {message && (
          <Alert tone="success" role="status">
            {message}
          </Alert>
        )}
        {isError && <Alert tone="error">{t('tabsFailed', { error: error.message })}</Alert>}
        {isPending ? (
          <div aria-busy="true" aria-label={t('loadingTabs')} className="grid gap-3 md:grid-cols-2">
            {Array.from({ length: 2 }, (_, i) => (
              <div key={i} className="h-32 animate-pulse rounded-xl bg-stone-200" />
            ))}
          </div>
        ) : (data ?? []).length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-stone-300 p-8 text-center text-stone-600">
            {t('noTabs')}
          </p>
        ) : (
          <div className="grid items-start gap-3 md:grid-cols-2">
            {(data ?? []).map((tab) => (
              <TabCard
                key={tab.id}
                tab={tab}
                currency={currency}
                onPay={(chosen) => setPayingId(chosen.id)}
                onClosed={(title) => setMessage(t('closedTab', { tab: title }))}
              />
            ))}
          </div>
        )}
      </section>
      <BillPayDialog
        bill={paying}
        currency={currency}
        onClose={() => setPayingId(null)}
        onPaid={(bill) => setMessage(t('paidTab', { tab: bill.label }))}
      />
    </div>
  );
}
