import { WifiOff } from 'lucide-react';
import { useRealtime } from '@/lib/realtime/provider';
import { t } from '../shell-messages';

/** Says plainly when live updates are not flowing; silent when all is well. */
export function ConnectionIndicator() {
  const { state, demoMode } = useRealtime();
  if (demoMode) {
    return (
      <span
        role="status"
        className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900"
      >
        {t('demoMode')}
      </span>
    );
  }
  if (state === 'reconnecting' || state === 'closed') {
    return (
      <span
        role="status"
        className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800"
      >
        <WifiOff aria-hidden className="size-3.5" />
        {state === 'closed' ? t('offline') : t('reconnecting')}
      </span>
    );
  }
  return null;
}
