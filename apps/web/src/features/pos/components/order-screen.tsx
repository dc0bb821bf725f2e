import {
  hasPermission,
  type BillDiscount,
  type FloorOrder,
  type OptionPick,
  type OrderMenuItem,
} from '@tavola/contract';
import { ArrowLeft, CheckCircle2, CloudOff, Loader2, Send, TriangleAlert } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { priceOptionLine } from '@/components/options/line-pricing';
import OptionChooser from '@/components/options/option-chooser';
import { ConnectionIndicator } from '@/components/realtime/connection-indicator';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatMoney, sumMoney } from '@/lib/format';
import { useOrderMenu } from '../api/get-order-menu';
import { t } from '../messages';
import {
  addLine,
  editLine,
  quantityOf,
  setAllergyNote,
  stepLine,
  type DraftLine,
} from '../pending-order';
import { usePendingOrder, type SendOrder, type SendState } from '../use-pending-order';
import { BillLines } from './bill-lines';
import { ChangeLineDialog, type LineToChange } from './change-line-dialog';
import { MenuPicker } from './menu-picker';
import { OpenItemDialog } from './open-item-dialog';
import { useCourses } from '@/lib/courses';
import { COURSES, PendingLines, seatChoices } from './pending-lines';

/** Where an order goes: a table or a tab, with what is on its bill already. */
export interface OrderPlace {
  /** Where this device keeps its pending order: `table:<id>` or `tab:<id>`. */
  storageId: string;
  title: string;
  /** A line under the title: the guests, the waiter, a pickup time. */
  detail: string;
  guests: number;
  orders: readonly FloorOrder[];
  billTotal: number;
  /** The open bill's dining session (null at a table nobody is seated at). */
  sessionId: string | null;
  /** The bill's discounts and comps. */
  discounts: readonly BillDiscount[];
  /** Reads the bill again (after a discount, for a device whose live connection is down). */
  refresh: () => void;
}

const lineTotal = (lines: readonly DraftLine[]) =>
  sumMoney(lines.map((l) => l.unitPrice * l.quantity));
const countOf = (lines: readonly DraftLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

function SendStatus({ state, onDismiss }: { state: SendState; onDismiss: () => void }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'sending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-semibold text-stone-700">
        <Loader2 aria-hidden className="size-4 animate-spin" /> {t('sending')}
      </p>
    );
  }
  if (state.kind === 'sent') {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg bg-green-50 p-2 text-sm font-semibold text-green-800"
      >
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        {t(state.replayed ? 'sentAgain' : 'sent', { number: state.orderNumber })}
      </p>
    );
  }
  return (
    <Alert
      tone={state.kind === 'unconfirmed' ? 'warning' : 'error'}
      className="flex items-start justify-between gap-2"
    >
      <span className="flex items-start gap-2">
        {state.kind === 'unconfirmed' ? (
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        ) : (
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        )}
        {state.kind === 'unconfirmed'
          ? t('unconfirmed', { error: state.error })
          : t('refused', { error: state.error })}
      </span>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('dismiss')}
        className="-my-1 min-h-8 rounded px-2 font-semibold"
      >
        ×
      </button>
    </Alert>
  );
}

/**
 * Ringing up an order at a table or on a tab: the menu as large tiles (one tap adds one), the lines
 * not sent yet with their quantity, note, seat and course, and Send. What is on the bill already
 * is below, each line with who entered it. A round of one item is the item and Send.
 */
export function OrderScreen({
  place,
  send,
  back,
  actions,
  checkBar,
}: {
  place: OrderPlace;
  send: SendOrder;
  back: { to: string; label: string };
  /** More for this place beside the bill (Take payment). */
  actions?: ReactNode;
  /** Above the order being entered: which of a table's checks it goes on. */
  checkBar?: ReactNode;
}) {
  const me = useSession()?.user;
  const canOpenItems = hasPermission(me?.permissions, 'open_items');
  const menu = useOrderMenu();
  const pending = usePendingOrder(place.storageId, send);
  const { draft, outgoing } = pending.order;
  const [seat, setSeat] = useState<number | undefined>();
  const [course, setCourse] = useState<number | undefined>();
  // The restaurant's courses by name, in serving order.
  const { courses } = useCourses();
  const [openItem, setOpenItem] = useState(false);
  const [changing, setChanging] = useState<LineToChange | null>(null);
  const currency = menu.data?.currency ?? 'eur';

  // What this table ordered, the last line first, for the "Top" tiles.
  const lastOrdered = useMemo(
    () => [...place.orders].reverse().flatMap((o) => [...o.items].reverse().map((i) => i.name)),
    [place.orders],
  );
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const l of draft) if (l.menuItemId) map.set(l.menuItemId, quantityOf(draft, l.menuItemId));
    return map;
  }, [draft]);

  // The item whose options are being chosen (an item with option groups opens the chooser).
  const [choosing, setChoosing] = useState<OrderMenuItem | null>(null);
  // The screen prices in the restaurant's currency; an item priced in the other one is priced by
  // the server (the menu carries no rate): its line shows the item's price until it is sent.
  const pricingOf = (item: OrderMenuItem) =>
    item.pricing?.currency === currency ? { currency, exchangeRate: 1 } : null;

  const add = (item: OrderMenuItem, picks?: OptionPick[]) => {
    if (item.optionGroups?.length && item.pricing && !picks) {
      setChoosing(item);
      return;
    }
    let unitPrice = item.price;
    let optionLines: string[] | undefined;
    if (picks && item.optionGroups && item.pricing) {
      const money = pricingOf(item);
      const priced = priceOptionLine(
        { name: item.name, optionGroups: item.optionGroups, pricing: item.pricing },
        picks,
        money ?? { currency, exchangeRate: 1 },
      );
      if (priced && money) unitPrice = priced.unit[currency];
      optionLines = priced?.options ?? [];
    }
    pending.update((o) =>
      addLine(
        o,
        {
          menuItemId: item.id,
          openItem: null,
          name: item.name,
          unitPrice,
          ...(picks ? { options: picks, optionLines } : {}),
        },
        {
          seat,
          course,
        },
      ),
    );
  };

  const sending = pending.state.kind === 'sending';
  const waitingCount = outgoing ? countOf(outgoing.lines) : 0;
  const draftCount = countOf(draft);
  const canSend = !sending && (outgoing !== null || draft.length > 0);
  const sendLabel = outgoing
    ? t('retrySend')
    : draftCount
      ? t('sendCount', { count: draftCount })
      : t('send');
  const onSend = () => void pending.send();

  const sendButton = (className?: string) => (
    <Button
      size="lg"
      onClick={onSend}
      disabled={!canSend}
      aria-busy={sending}
      className={cn('min-h-14 text-lg', className)}
    >
      {sending ? (
        <Loader2 aria-hidden className="size-5 animate-spin" />
      ) : (
        <Send aria-hidden className="size-5" />
      )}
      {sending ? t('sending') : sendLabel}
    </Button>
  );

  return (
    <div className="min-h-screen bg-stone-50 pb-28 md:pb-6">
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2">
          <Link
            to={back.to}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-stone-700 hover:bg-stone-100"
          >
            <ArrowLeft aria-hidden className="size-5" />
            {back.label}
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg leading-tight font-bold">{place.title}</h1>
            <p className="truncate text-sm text-stone-600">{place.detail}</p>
          </div>
          <ConnectionIndicator />
          <p className="text-right text-sm font-semibold tabular-nums">
            {t('billTotal', { amount: formatMoney(place.billTotal, currency) })}
          </p>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-4 px-3 pt-3 md:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-3">
          {/* First on a phone: the check is chosen before the items. */}
          {checkBar}
          {menu.isPending ? (
            <ul aria-busy="true" aria-label={t('loadingMenu')} className="grid grid-cols-2 gap-2">
              {Array.from({ length: 6 }, (_, i) => (
                <li key={i} className="h-20 animate-pulse rounded-xl bg-stone-200" />
              ))}
            </ul>
          ) : menu.isError ? (
            <Alert tone="error">{t('menuFailed', { error: menu.error.message })}</Alert>
          ) : (
            <MenuPicker
              menu={menu.data}
              lastOrdered={lastOrdered}
              counts={counts}
              onAdd={(item) => add(item)}
              onOpenItem={canOpenItems ? () => setOpenItem(true) : undefined}
            />
          )}
        </div>

        <aside className="space-y-4 md:sticky md:top-20 md:self-start">
          <section
            id="pending-order"
            aria-label={t('notSentYet')}
            className="scroll-mt-20 space-y-3 rounded-xl bg-white p-3 shadow-sm"
          >
            <div className="grid grid-cols-2 gap-2">
              <label className="text-sm font-medium text-stone-700">
                {t('seatForNew')}
                <select
                  value={seat ?? ''}
                  onChange={(e) => setSeat(e.target.value ? Number(e.target.value) : undefined)}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
                >
                  <option value="">{t('noSeat')}</option>
                  {seatChoices(place.guests).map((s) => (
                    <option key={s} value={s}>
                      {t('seatN', { seat: s })}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-medium text-stone-700">
                {t('courseForNew')}
                <select
                  value={course ?? ''}
                  onChange={(e) => setCourse(e.target.value ? Number(e.target.value) : undefined)}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
                >
                  <option value="">{t('noCourse')}</option>
                  {(courses.length
                    ? courses
                    : COURSES.map((n) => ({ number: n, name: t('courseN', { course: n }) }))
                  ).map((c) => (
                    <option key={c.number} value={c.number}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {outgoing && (
              <PendingLines
                heading={t('waiting')}
                lines={outgoing.lines}
                locked
                currency={currency}
                guests={place.guests}
              />
            )}
            <PendingLines
              heading={t('notSentCount', { count: draftCount })}
              lines={draft}
              currency={currency}
              guests={place.guests}
              onStep={(key, delta) => pending.update((o) => stepLine(o, key, delta))}
              onEdit={(key, patch) => pending.update((o) => editLine(o, key, patch))}
            />
            {!outgoing && draft.length === 0 && (
              <p className="text-sm text-stone-600">{t('nothingToSend')}</p>
            )}
            {(draft.length > 0 || pending.order.allergyNote) && (
              <AllergyNoteField
                value={pending.order.allergyNote ?? ''}
                onChange={(note) => pending.update((o) => setAllergyNote(o, note))}
              />
            )}
            {/* One Send: under the thumb at the foot of a phone's screen, under the lines on a
                tablet. The lines are a scroll away on a phone (Review). */}
            <div className="fixed inset-x-0 bottom-0 z-20 space-y-2 border-t border-stone-200 bg-white/95 p-3 backdrop-blur md:static md:z-auto md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
              {/* What the last Send came to, beside Send itself. */}
              <SendStatus state={pending.state} onDismiss={pending.dismiss} />
              <div className="flex items-center gap-2">
                <a
                  href="#pending-order"
                  className="flex min-h-14 min-w-0 flex-1 flex-col justify-center rounded-lg border border-stone-300 px-3 text-sm md:hidden"
                >
                  <span className="font-semibold">
                    {t('reviewOrder', { count: draftCount + waitingCount })}
                  </span>
                  <span className="text-stone-600 tabular-nums">
                    {formatMoney(
                      sumMoney([lineTotal(draft), outgoing ? lineTotal(outgoing.lines) : 0]),
                      currency,
                    )}
                  </span>
                </a>
                {sendButton('flex-[1.4] md:w-full md:flex-none')}
              </div>
            </div>
          </section>
          {actions}
          <BillLines
            orders={place.orders}
            total={place.billTotal}
            currency={currency}
            sessionId={place.sessionId}
            discounts={place.discounts}
            refresh={place.refresh}
            onChange={(order, line) => setChanging({ order, line })}
          />
        </aside>
      </div>

      {choosing?.optionGroups && choosing.pricing && (
        <OptionChooser
          key={choosing.id}
          open
          onOpenChange={(open) => !open && setChoosing(null)}
          item={{ name: choosing.name, pricing: choosing.pricing }}
          groups={choosing.optionGroups}
          restaurant={pricingOf(choosing)}
          currency={currency}
          onAdd={(picks) => {
            setChoosing(null);
            add(choosing, picks);
          }}
        />
      )}
      <ChangeLineDialog target={changing} onClose={() => setChanging(null)} />
      <OpenItemDialog
        open={openItem}
        currency={currency}
        onClose={() => setOpenItem(false)}
        onAdd={(item) =>
          pending.update((o) =>
            addLine(
              o,
              {
                menuItemId: null,
                openItem: item,
                name: item.name,
                unitPrice: item.priceCents / 100,
              },
              { seat, course },
            ),
          )
        }
      />
    </div>
  );
}

/** The guests' allergies for the order being entered: every ticket of it shows the note, in red. */
function AllergyNoteField({
  value,
  onChange,
}: {
  value: string;
  onChange: (note: string) => void;
}) {
  return (
    <div>
      <div className="flex items-center gap-1 text-sm font-semibold text-red-900">
        <span aria-hidden>⚠</span>
        <label htmlFor="allergy-note">{t('allergyNote')}</label>
      </div>
      <textarea
        id="allergy-note"
        value={value}
        maxLength={300}
        rows={2}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="allergy-note-hint"
        className="mt-1 block w-full rounded-lg border border-red-300 bg-white px-3 py-2 text-base text-stone-900"
      />
      <p id="allergy-note-hint" className="mt-1 text-xs text-stone-600">
        {t('allergyNoteHint')}
      </p>
    </div>
  );
}
