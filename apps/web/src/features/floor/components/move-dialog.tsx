import type { FloorTable } from '@tavola/contract';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormAlert, refuse } from '@/components/ui/form';
import { useMoveBill } from '../api/move-bill';

/**
 * Move table: the whole bill goes to the table tapped. A free table is seated with the party; a
 * table with a bill takes the orders onto it (the bills merge). The server decides who may and
 * says why not.
 */
export function MoveDialog({
  table,
  tables,
  onClose,
}: {
  table: FloorTable | null;
  tables: readonly FloorTable[];
  onClose: () => void;
}) {
  const move = useMoveBill();
  const others = tables.filter((t) => t.id !== table?.id && t.status !== 'maintenance');
  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && onClose()}
      title={table ? `Move table ${table.number}` : 'Move table'}
      description="Tap the table the guests move to. A table with its own bill takes these orders onto it."
    >
      {table && (
        <Form
          key={table.id}
          className="space-y-3"
          onSubmit={(toTableId) => {
            if (!toTableId) return refuse('Tap the table the guests move to');
            return move.mutateAsync({ tableId: table.id, toTableId });
          }}
          success={(moved) => ({
            title: moved.merged
              ? `Table ${moved.fromTableNumber} merged onto table ${moved.toTableNumber}`
              : `Table ${moved.fromTableNumber} moved to table ${moved.toTableNumber}`,
          })}
          onSaved={onClose}
        >
          {({ choose, pending }) => (
            <>
              <ul aria-label="Tables to move to" className="grid grid-cols-4 gap-2">
                {others.map((t) => (
                  <li key={t.id}>
                    <button
                      type="submit"
                      disabled={pending}
                      aria-label={
                        t.sessionId
                          ? `Table ${t.number}, merge with its bill`
                          : `Table ${t.number}, free`
                      }
                      onClick={() => choose(t.id)}
                      className={
                        t.sessionId
                          ? 'flex min-h-14 w-full flex-col items-center justify-center rounded-xl border-2 border-amber-400 bg-amber-50 text-lg font-bold'
                          : 'flex min-h-14 w-full flex-col items-center justify-center rounded-xl border-2 border-dashed border-stone-300 bg-white text-lg font-bold'
                      }
                    >
                      {t.number}
                      <span className="text-xs font-medium text-stone-600">
                        {t.sessionId ? 'merge' : 'free'}
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
