import { StaffShell } from '@/components/staff-shell';
import { ExpoBoard } from '@/features/tickets/components/expo-board';
import { t } from '../messages';

export default function ExpoPage() {
  return (
    <StaffShell title={t('expoTitle')} subtitle={t('expoSubtitle')} wide>
      <ExpoBoard />
    </StaffShell>
  );
}
