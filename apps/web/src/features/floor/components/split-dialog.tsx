import type { FloorTable } from '@tavola/contract';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { useSplitBill } from '../api/split-bill';
import { LinePicker, pickedLines, type PickedLines } from './line-picker';

/**
 * Split bill: the lines chosen (2 of 3 beers) leave the table's bill for a check of their own at
 * the same table, paid by itself. Guests' phone orders keep joining the table's bill.
 */
export function SplitDialog({ table, onClose }: { table: FloorTable | null; onClose: () => void }) {
  const split = useSplitBill();
  const [picked, setPicked] = useState<PickedLines>(new Map());
  const lines = table ? pickedLines(table.orders, picked) : [];
  const close = () => {
    setPicked(new Map());
    onClose();
  };
  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && close()}
      title={table ? `Split the bill of table ${table.number}` : 'Split bill'}
      description="Choose what goes on a separate check. It is paid by itself; the rest stays on the table's bill."
    >
      {table && (
        <Form
          key={table.id}
          className="space-y-3"
          onSubmit={() => {
            if (lines.length === 0) return refuse('Choose at least one line for the new check');
            return split.mutateAsync({ tableId: table.id, lines });
          }}
          success={(made) => ({
            title: `Check ${made.checkNumber} split off table ${made.tableNumber}`,
          })}
          onSaved={close}
        >
          <LinePicker
            label="Lines for the new check"
            orders={table.orders}
            picked={picked}
            onChange={setPicked}
          />
          <FormAlert />
          <FormSubmit className="min-h-12 w-full" pendingText="Splitting…">
            Split bill
          </FormSubmit>
        </Form>
      )}
    </Dialog>
  );
}
