import { StaffShell } from '@/components/staff-shell';
import { PrinterAlert } from '@/features/printers/components/printer-alert';
import { ReprintPanel } from '@/features/printers/components/reprint-panel';
import { StationBoard } from '@/features/tickets/components/station-board';
import { t } from '../messages';

export default function KitchenPage() {
  return (
    <StaffShell title={t('kitchenTitle')} wide>
      <PrinterAlert station="kitchen" />
      <StationBoard station="kitchen" />
      <ReprintPanel station="kitchen" />
    </StaffShell>
  );
}
