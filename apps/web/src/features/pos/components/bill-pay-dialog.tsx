import type { Currency } from '@tavola/contract';
import { PayDialog, type PayTarget } from '@/components/payments/pay-dialog';
import { useRecordBillPayment } from '../api/record-payment';

/** A bill to take payment for: a table's or a tab's, by its dining session. */
export interface PayingBill extends PayTarget {
  sessionId: string;
}

/**
 * Take payment for the bill on screen: the waiter's payment dialog (method, amount received, tip,
 * change due), orders not served yet a warning rather than a refusal.
 */
export function BillPayDialog({
  bill,
  currency,
  onClose,
  onPaid,
}: {
  /** Made once per bill chosen: the dialog starts afresh when it changes. */
  bill: PayingBill | null;
  currency: Currency;
  onClose: () => void;
  onPaid: (bill: PayingBill) => void;
}) {
  const pay = useRecordBillPayment();
  return (
    <PayDialog
      table={bill}
      asked
      currency={currency}
      onSubmit={(body) =>
        bill ? pay.mutateAsync({ sessionId: bill.sessionId, body }) : Promise.resolve()
      }
      onClose={onClose}
      onPaid={() => bill && onPaid(bill)}
    />
  );
}
