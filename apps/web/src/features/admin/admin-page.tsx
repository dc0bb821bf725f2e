import { ComingSoon, StaffShell } from '@/components/staff-shell';
import { Badge } from '@/components/ui/badge';

export default function AdminPage() {
  return (
    <StaffShell title="Admin Panel" actions={<Badge tone="brand">Full Access</Badge>}>
      <ComingSoon what="System administration" />
    </StaffShell>
  );
}
