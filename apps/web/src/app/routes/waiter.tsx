import { StaffShell } from '@/components/staff-shell';
import { FloorBoard } from '@/features/floor/components/floor-board';

export default function WaiterPage() {
  return (
    <StaffShell title="Waiter Dashboard">
      <FloorBoard />
    </StaffShell>
  );
}
