import { ComingSoon, StaffShell } from '@/components/staff-shell';

export default function TeamPage() {
  return (
    <StaffShell title="Platform Team Dashboard" logoutTo="/team/login">
      <ComingSoon what="The platform console" />
    </StaffShell>
  );
}
