import { hasPermission, type BillDiscount, type Currency, type FloorOrder } from '@tavola/contract';
import { Flame, Gift, Percent, Smartphone, Undo2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { runSave } from '@/components/ui/form';
import { useSession } from '@/lib/auth';
import { useCourses, useFireCourse } from '@/lib/courses';
import { formatMoney } from '@/lib/format';
import { useRemoveDiscount } from '../api/discounts';
import { t } from '../messages';
import { DiscountDialog, type DiscountTarget } from './discount-dialog';
import { linePlace } from './pending-lines';

/** The bill's discounts and comps, each with who gave it and why, and Take back for those allowed. */
function DiscountList({
  discounts,
  currency,
  canTakeBack,
  refresh,
}: {
  discounts: readonly BillDiscount[];
  currency: Currency;
  canTakeBack: (d: BillDiscount) => boolean;
  refresh: () => void;
}) {
  const remove = useRemoveDiscount(refresh);
  if (discounts.length === 0) return null;
  return (
    <section aria-labelledby="bill-discounts" className="rounded-lg bg-white p-2 text-sm shadow-sm">
      <h3 id="bill-discounts" className="font-semibold">
        {t('discounts')}
      </h3>
      <ul aria-labelledby="bill-discounts">
        {discounts.map((d) => {
          const label = d.lineName ? `${d.label}: ${d.lineName}` : d.label;
          return (
            <li key={d.id} className="flex items-start justify-between gap-2 py-0.5">
              <span className="min-w-0 break-words">
                {label}
                <span className="block text-xs text-stone-600">
                  {d.by ? t('discountBy', { reason: d.reason, name: d.by }) : d.reason}
                </span>
              </span>
              <span className="inline-flex shrink-0 items-center gap-1">
                <span className="tabular-nums">
                  {t('discountLineOff', { amount: formatMoney(d.total[currency], currency) })}
                </span>
                {canTakeBack(d) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('takeBack', { label })}
                    disabled={remove.isPending}
                    onClick={() =>
                      void runSave(() => remove.mutateAsync({ id: d.id }), {
                        success: { title: t('discountTakenBack'), description: label },
                        failure: t('unableToTakeBack'),
                      })
                    }
                  >
                    <Undo2 aria-hidden className="size-4" />
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Orders a station may not have started yet: their lines can still be changed. */
const CHANGEABLE = new Set(['new', 'preparing']);

const ORDER_TONE: Record<string, 'neutral' | 'amber' | 'green' | 'blue'> = {
  new: 'neutral',
  preparing: 'amber',
  ready: 'green',
  served: 'blue',
  paid: 'blue',
};

/**
 * What is on the bill already, order by order, each line with who rang it up: the guest's own
 * phone or a member of staff by name, and what discounts and comps take off it. Who may give
 * discounts sees Discount on the bill and on each line; who may comp sees Comp on each line.
 */
export function BillLines({
  orders,
  total,
  currency,
  sessionId = null,
  discounts = [],
  refresh = () => {},
  onChange,
}: {
  orders: readonly FloorOrder[];
  total: number;
  currency: Currency;
  /** The open bill's dining session; null before anyone is seated (nothing to discount). */
  sessionId?: string | null;
  discounts?: readonly BillDiscount[];
  /** Reads the bill again after a discount is given or taken back. */
  refresh?: () => void;
  /** Change a sent line (offered while its order is not made yet; the server has the last word). */
  onChange?: (order: FloorOrder, line: FloorOrder['items'][number]) => void;
}) {
  const me = useSession()?.user;
  const canDiscount = sessionId !== null && hasPermission(me?.permissions, 'apply_discounts');
  const canComp = sessionId !== null && hasPermission(me?.permissions, 'comp_items');
  const supervises = me?.role === 'manager' || me?.role === 'admin';
  const [target, setTarget] = useState<DiscountTarget | null>(null);
  const canFire = hasPermission(me?.permissions, 'fire_courses');
  const { courses, nameOf } = useCourses();
  const fire = useFireCourse(refresh);
  const [fireError, setFireError] = useState<string | null>(null);
  /** An order's held courses, in serving order. */
  const heldCourses = (o: FloorOrder) => {
    const rank = (n: number) => courses.find((c) => c.number === n)?.position ?? 100 + n;
    return [
      ...new Set(o.items.flatMap((l) => (l.held && l.course != null ? [l.course] : []))),
    ].sort((a, b) => rank(a) - rank(b));
  };
  const shown = orders.filter((o) => o.status !== 'cancelled');
  const hasLines = shown.some((o) => o.items.some((l) => l.quantity > 0));
  return (
    <section aria-labelledby="on-the-bill" className="space-y-2">
      <h2 id="on-the-bill" className="flex items-baseline justify-between gap-2 font-bold">
        {t('onTheBill')}
        <span className="tabular-nums">{formatMoney(total, currency)}</span>
      </h2>
      {canDiscount && hasLines && (
        <Button variant="outline" className="w-full" onClick={() => setTarget({ kind: 'bill' })}>
          <Percent aria-hidden className="size-4" /> {t('discountBill')}
        </Button>
      )}
      {fireError && (
        <p role="alert" className="text-sm text-red-700">
          {fireError}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="text-sm text-stone-600">{t('nothingOnBill')}</p>
      ) : (
        <ul className="space-y-2">
          {[...shown].reverse().map((o) => (
            <li key={o.id} className="rounded-lg bg-white p-2 text-sm shadow-sm">
              <p className="flex items-center justify-between gap-2 font-semibold">
                <span>
                  {t('orderHeading', { number: o.orderNumber })}{' '}
                  <Badge tone={ORDER_TONE[o.status] ?? 'neutral'}>{o.status}</Badge>
                </span>
                <span className="tabular-nums">{formatMoney(o.total, currency)}</span>
              </p>
              {canFire && heldCourses(o).length > 0 && (
                <span className="my-1 flex flex-wrap gap-1">
                  {heldCourses(o).map((course) => (
                    <Button
                      key={course}
                      variant="outline"
                      size="sm"
                      disabled={fire.isPending}
                      aria-label={t('fireCourseOf', {
                        course: nameOf(course),
                        number: o.orderNumber,
                      })}
                      onClick={() => {
                        setFireError(null);
                        fire.mutate(
                          { orderId: o.id, course, from: 'staff' },
                          { onError: (err) => setFireError(err.message) },
                        );
                      }}
                    >
                      <Flame aria-hidden className="size-3.5" />{' '}
                      {t('fireCourse', { course: nameOf(course) })}
                    </Button>
                  ))}
                </span>
              )}
              <ul aria-label={t('orderHeading', { number: o.orderNumber })}>
                {o.items.map((line) => {
                  const place = linePlace(line);
                  return (
                    <li key={line.id} className="flex items-start justify-between gap-2 py-0.5">
                      <span className="min-w-0 break-words">
                        {line.quantity}× {line.name}
                        {line.held && (
                          <span className="ml-1 rounded bg-stone-200 px-1 text-xs font-bold text-stone-600 uppercase">
                            {t('heldLine')}
                          </span>
                        )}
                        {(place || line.notes) && (
                          <span className="block text-xs text-stone-600">
                            {[place, line.notes ? `“${line.notes}”` : null]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        )}
                      </span>
                      {onChange && CHANGEABLE.has(o.status) && (
                        <button
                          type="button"
                          onClick={() => onChange(o, line)}
                          aria-label={t('changeLine', { name: line.name })}
                          className="-my-1 min-h-9 shrink-0 rounded-md border border-stone-300 px-2 text-xs font-semibold text-stone-700"
                        >
                          {t('change')}
                        </button>
                      )}
                      <span className="flex shrink-0 flex-col items-end gap-1">
                        <span className="inline-flex items-center gap-1 text-xs text-stone-600">
                          {line.enteredBy ? (
                            <>
                              <UserRound aria-hidden className="size-3.5" />
                              {t('enteredBy', { name: line.enteredBy.name })}
                            </>
                          ) : (
                            <>
                              <Smartphone aria-hidden className="size-3.5" />
                              {t('byGuest')}
                            </>
                          )}
                        </span>
                        {(line.discount ?? 0) > 0 && (
                          <span className="text-xs font-semibold text-green-800 tabular-nums">
                            {t('discountLineOff', {
                              amount: formatMoney(line.discount ?? 0, currency),
                            })}
                          </span>
                        )}
                        {(canDiscount || canComp) && line.quantity > 0 && (
                          <span className="inline-flex gap-1">
                            {canDiscount && (
                              <Button
                                variant="outline"
                                size="sm"
                                aria-label={t('discountLine', { name: line.name })}
                                onClick={() =>
                                  setTarget({ kind: 'line', lineId: line.id, name: line.name })
                                }
                              >
                                <Percent aria-hidden className="size-3.5" /> {t('discount')}
                              </Button>
                            )}
                            {canComp && (
                              <Button
                                variant="outline"
                                size="sm"
                                aria-label={t('compLine', { name: line.name })}
                                onClick={() =>
                                  setTarget({ kind: 'comp', lineId: line.id, name: line.name })
                                }
                              >
                                <Gift aria-hidden className="size-3.5" /> {t('comp')}
                              </Button>
                            )}
                          </span>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <DiscountList
        discounts={discounts}
        currency={currency}
        canTakeBack={(d) =>
          sessionId !== null &&
          hasPermission(me?.permissions, d.kind === 'comp' ? 'comp_items' : 'apply_discounts') &&
          (supervises || d.by === me?.name)
        }
        refresh={refresh}
      />
      {sessionId !== null && (
        <DiscountDialog
          sessionId={sessionId}
          target={target}
          currency={currency}
          onClose={() => setTarget(null)}
          refresh={refresh}
        />
      )}
    </section>
  );
}
