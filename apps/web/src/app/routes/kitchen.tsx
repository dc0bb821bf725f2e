import { StaffShell } from '@/components/staff-shell';
import { StationBoard } from '@/features/tickets/components/station-board';

export default function KitchenPage() {
  return (
    <StaffShell title="Kitchen Display" wide>
      <StationBoard station="kitchen" />
    </StaffShell>
  );
}
