import type { FloorOrder, FloorTable, SplitBill } from '@tavola/contract';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { LinePicker, pickedLines, type PickedLines } from './line-picker';
import { t } from './messages';
import type { SplitRequest } from './split-request';

/** The table's open checks, its own bill (check 1) first, with their orders. */
export function checksOf(table: FloorTable): { checkNumber: number; orders: FloorOrder[] }[] {
  return [
    { checkNumber: 1, orders: table.orders },
    ...table.checks.map((c) => ({ checkNumber: c.checkNumber, orders: c.orders })),
  ];
}

const selectClass =
  'mt-1 block min-h-12 w-full rounded-lg border border-stone-300 bg-white px-2 text-base';

/**
 * Split bill: the lines chosen (2 of 3 beers) leave one check of the table for a check of their
 * own at the same table, paid by itself, or for another of its open checks (a beer back from
 * check 2 to check 1). Guests' phone orders keep joining check 1.
 */
export function SplitDialog({
  table,
  onClose,
  onSplit,
  fromCheck: initialFrom = 1,
}: {
  table: FloorTable | null;
  onClose: () => void;
  /** Sends the split (the floor's and the order screen's own, which refresh their data). */
  onSplit: (request: SplitRequest) => Promise<SplitBill>;
  /** The check the lines come from at first (the one the waiter is looking at). */
  fromCheck?: number;
}) {
  const [picked, setPicked] = useState<PickedLines>(new Map());
  const [from, setFrom] = useState<number | null>(null);
  // Absent: a new check.
  const [onto, setOnto] = useState<number | null>(null);
  const checks = table ? checksOf(table) : [];
  const fromCheck = checks.some((c) => c.checkNumber === (from ?? initialFrom))
    ? (from ?? initialFrom)
    : 1;
  const source = checks.find((c) => c.checkNumber === fromCheck)?.orders ?? [];
  const targets = checks.filter((c) => c.checkNumber !== fromCheck);
  const toCheck = targets.some((c) => c.checkNumber === onto) ? (onto ?? undefined) : undefined;
  const lines = pickedLines(source, picked);
  const close = () => {
    setPicked(new Map());
    setFrom(null);
    setOnto(null);
    onClose();
  };
  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && close()}
      title={table ? t('splitTitle', { table: table.number }) : t('splitBill')}
      description={t('splitHint')}
    >
      {table && (
        <Form
          key={table.id}
          className="space-y-3"
          onSubmit={() => {
            if (lines.length === 0) return refuse(t('chooseLine'));
            return onSplit({ tableId: table.id, lines, fromCheck, toCheck });
          }}
          success={(made) => ({
            title: t(toCheck === undefined ? 'splitOff' : 'movedToCheck', {
              check: made.checkNumber,
              table: made.tableNumber,
            }),
          })}
          onSaved={close}
        >
          {checks.length > 1 && (
            <div className="grid grid-cols-2 gap-2">
              <label className="text-sm font-medium text-stone-700">
                {t('from')}
                <select
                  value={fromCheck}
                  onChange={(e) => {
                    setFrom(Number(e.target.value));
                    setPicked(new Map());
                  }}
                  className={selectClass}
                >
                  {checks.map((c) => (
                    <option key={c.checkNumber} value={c.checkNumber}>
                      {t('checkN', { check: c.checkNumber })}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-medium text-stone-700">
                {t('onto')}
                <select
                  value={toCheck ?? ''}
                  onChange={(e) => setOnto(e.target.value ? Number(e.target.value) : null)}
                  className={selectClass}
                >
                  <option value="">{t('newCheck')}</option>
                  {targets.map((c) => (
                    <option key={c.checkNumber} value={c.checkNumber}>
                      {t('checkN', { check: c.checkNumber })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          <LinePicker
            key={fromCheck}
            label={
              toCheck === undefined ? t('linesForNew') : t('linesForCheck', { check: toCheck })
            }
            orders={source}
            picked={picked}
            onChange={setPicked}
          />
          <FormAlert />
          <FormSubmit className="min-h-12 w-full" pendingText={t('splitting')}>
            {toCheck === undefined ? t('splitBill') : t('moveToCheck', { check: toCheck })}
          </FormSubmit>
        </Form>
      )}
    </Dialog>
  );
}
