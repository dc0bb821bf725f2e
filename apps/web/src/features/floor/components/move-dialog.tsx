import type { FloorTable } from '@tavola/contract';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormAlert, refuse } from '@/components/ui/form';
import { useMoveBill } from '../api/move-bill';
import { LinePicker, pickedLines, type PickedLines } from '@/components/bills/line-picker';
import { t } from '../messages';

/**
 * Move table: the whole bill goes to the table tapped, or only the lines chosen with the steppers
 * (2 of 3 beers). A free table is seated; a table with a bill takes them onto it (the bills
 * merge). The server decides who may and says why not.
 */
export function MoveDialog({
  table,
  fromCheck = null,
  tables,
  onClose,
}: {
  table: FloorTable | null;
  /** A check split off the table's bill, moved instead of the bill itself. */
  fromCheck?: number | null;
  tables: readonly FloorTable[];
  onClose: () => void;
}) {
  const move = useMoveBill();
  const [picked, setPicked] = useState<PickedLines>(new Map());
  const lines = table ? pickedLines(table.orders, picked) : [];
  const close = () => {
    setPicked(new Map());
    onClose();
  };
  const others = tables.filter((t) => t.id !== table?.id && t.status !== 'maintenance');
  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && close()}
      title={
        table
          ? fromCheck
            ? t('moveCheckTitle', { table: table.number, check: fromCheck })
            : t('moveTitle', { table: table.number })
          : t('moveTable')
      }
      description={t('moveHint')}
    >
      {table && (
        <Form
          key={table.id}
          className="space-y-3"
          onSubmit={(toTableId) => {
            if (!toTableId) return refuse(t('moveTapTable'));
            return move.mutateAsync({
              tableId: table.id,
              toTableId,
              lines,
              ...(fromCheck ? { fromCheck } : {}),
            });
          }}
          success={(moved) => ({
            title:
              fromCheck && lines.length === 0
                ? t('checkMoved', {
                    check: fromCheck,
                    from: moved.fromTableNumber,
                    to: moved.toTableNumber,
                  })
                : t(
                    lines.length > 0 && !moved.fromClosed
                      ? 'linesMoved'
                      : moved.merged
                        ? 'tableMerged'
                        : 'tableMoved',
                    { from: moved.fromTableNumber, to: moved.toTableNumber },
                  ),
          })}
          onSaved={close}
        >
          {({ choose, pending }) => (
            <>
              {table.orders.length > 0 && (
                <details className="rounded-xl bg-stone-50 p-2" open={lines.length > 0}>
                  <summary className="min-h-12 cursor-pointer content-center px-1 font-medium">
                    {lines.length > 0
                      ? t('movingChosen', { count: lines.reduce((n, l) => n + l.quantity, 0) })
                      : t('moveSomeLines')}
                  </summary>
                  <LinePicker
                    label={t('linesToMove')}
                    orders={table.orders}
                    picked={picked}
                    onChange={setPicked}
                  />
                </details>
              )}
              <ul aria-label={t('tablesToMoveTo')} className="grid grid-cols-4 gap-2">
                {others.map((other) => (
                  <li key={other.id}>
                    <button
                      type="submit"
                      disabled={pending}
                      aria-label={t(other.sessionId ? 'moveOntoBill' : 'moveToFree', {
                        table: other.number,
                      })}
                      onClick={() => choose(other.id)}
                      className={
                        other.sessionId
                          ? 'flex min-h-14 w-full flex-col items-center justify-center rounded-xl border-2 border-amber-400 bg-amber-50 text-lg font-bold'
                          : 'flex min-h-14 w-full flex-col items-center justify-center rounded-xl border-2 border-dashed border-stone-300 bg-white text-lg font-bold'
                      }
                    >
                      {other.number}
                      <span className="text-xs font-medium text-stone-600">
                        {t(other.sessionId ? 'merge' : 'free')}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <FormAlert />
            </>
          )}
        </Form>
      )}
    </Dialog>
  );
}
