import { canOpenScreen, hasPermission } from '@tavola/contract';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { StaffShell } from '@/components/staff-shell';
import { PrinterAlert } from '@/features/printers/components/printer-alert';
import { ReprintPanel } from '@/features/printers/components/reprint-panel';
import { StationBoard } from '@/features/tickets/components/station-board';
import { t } from '@/features/pos/messages';
import { useSession } from '@/lib/auth';
import { t as app } from '../messages';

export default function BarPage() {
  const user = useSession()?.user;
  // Bar tabs are rung up on the waiter's screens: a link for whoever may open them.
  const rings = canOpenScreen('waiter', user) && hasPermission(user?.permissions, 'enter_orders');
  return (
    <StaffShell
      title={app('barTitle')}
      wide
      actions={
        rings && (
          <Link
            to="/waiter/tabs"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            <Receipt aria-hidden className="size-4" /> {t('tabsTitle')}
          </Link>
        )
      }
    >
      <PrinterAlert station="bar" />
      <StationBoard station="bar" />
      <ReprintPanel station="bar" />
    </StaffShell>
  );
}
