import { ComingSoon, StaffShell } from '../../components/staff-shell';

export default function ManagerPage() {
  return (
    <StaffShell title="Manager Dashboard">
      <ComingSoon what="Menu, tables, staff, orders and analytics" />
    </StaffShell>
  );
}
