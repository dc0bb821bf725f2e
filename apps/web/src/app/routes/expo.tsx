import { StaffShell } from '@/components/staff-shell';
import { ExpoBoard } from '@/features/tickets/components/expo-board';

export default function ExpoPage() {
  return (
    <StaffShell title="Expo" subtitle="Every order across its stations" wide>
      <ExpoBoard />
    </StaffShell>
  );
}
