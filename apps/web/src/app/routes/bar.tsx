import { StaffShell } from '@/components/staff-shell';
import { StationBoard } from '@/features/tickets/components/station-board';

export default function BarPage() {
  return (
    <StaffShell title="Bar Display" wide>
      <StationBoard station="bar" />
    </StaffShell>
  );
}
