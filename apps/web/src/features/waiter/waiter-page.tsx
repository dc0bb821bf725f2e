import { ComingSoon, StaffShell } from '../../components/staff-shell';

export default function WaiterPage() {
  return (
    <StaffShell title="Waiter Dashboard">
      <ComingSoon what="The floor view" />
    </StaffShell>
  );
}
