import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { runSave } from '@/components/ui/form';
import { usePrintReceipt, usePrintZReport, useReprintOrder } from '../api/printers';
import { t } from '../messages';

/**
 * Printing on demand from the staff screens, each button one job on the restaurant's printers:
 * the screens that show a receipt, a day or an order take them through the route that composes
 * them (a feature does not import another).
 */
function PrintButton({
  label,
  text,
  what,
  pending,
  print,
  variant = 'ghost',
}: {
  label: string;
  text: string;
  /** Said under "Sent to the printer". */
  what?: string;
  pending: boolean;
  print: () => Promise<unknown>;
  variant?: 'ghost' | 'outline';
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      aria-label={label}
      disabled={pending}
      onClick={() =>
        void runSave(print, {
          success: { title: t('reprinted'), ...(what ? { description: what } : {}) },
          failure: t('unableToPrint'),
        })
      }
    >
      <Printer aria-hidden className="size-4" /> {text}
    </Button>
  );
}

/** A paid bill's receipt again (marked COPY) on the receipt printer. */
export function PrintReceiptButton(
  props: { number: number; orderNumber?: never } | { orderNumber: number; number?: never },
) {
  const print = usePrintReceipt();
  const byNumber = props.number !== undefined;
  return (
    <PrintButton
      label={
        byNumber
          ? t('printReceiptOf', { number: props.number })
          : t('printReceiptOfOrder', { order: props.orderNumber })
      }
      text={t('printReceipt')}
      pending={print.isPending}
      print={() =>
        print.mutateAsync(byNumber ? { number: props.number } : { orderNumber: props.orderNumber })
      }
    />
  );
}

/** An order's tickets again (marked REPRINT), each on its station's printer. */
export function ReprintOrderButton({ orderNumber }: { orderNumber: number }) {
  const reprint = useReprintOrder();
  return (
    <PrintButton
      label={t('printTicketsOf', { order: orderNumber })}
      text={t('printTickets')}
      what={`#${orderNumber}`}
      pending={reprint.isPending}
      print={() => reprint.mutateAsync(orderNumber)}
    />
  );
}

/** A business day's Z report on the receipt printer. */
export function PrintZReportButton({ date }: { date: string }) {
  const print = usePrintZReport();
  return (
    <PrintButton
      label={t('printZReportOf', { date })}
      text={t('printZReport')}
      what={date}
      variant="outline"
      pending={print.isPending}
      print={() => print.mutateAsync(date)}
    />
  );
}
