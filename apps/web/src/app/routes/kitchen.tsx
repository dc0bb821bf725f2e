import { StaffShell } from '@/components/staff-shell';
import { StationBoard } from '@/features/tickets/components/station-board';
import { t } from '../messages';

export default function KitchenPage() {
  return (
    <StaffShell title={t('kitchenTitle')} wide>
      <StationBoard station="kitchen" />
    </StaffShell>
  );
}
