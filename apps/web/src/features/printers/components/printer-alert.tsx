import type { Printer } from '@tavola/contract';
import { Alert } from '@/components/ui/alert';
import { usePrinters } from '../api/printers';
import { t } from '../messages';

const troubled = (p: Printer) => p.status !== 'online' && p.status !== 'unknown';

/**
 * The banner of printers that cannot print: on a station's display its own printers (main or
 * backup), on the manager's screen every printer. It follows `printer_status_changed`, so it
 * shows within moments of the printer's first failed job.
 */
export function PrinterAlert({ station }: { station?: string }) {
  const { data } = usePrinters();
  const printers = data ?? [];
  const mine = station
    ? printers.filter((p) => p.stations.includes(station) || p.backupFor.includes(station))
    : printers;
  const failing = mine.filter(troubled);
  if (failing.length === 0) return null;
  return (
    <Alert tone="error" className="mb-4">
      <p className="font-semibold">{t('alertTitle', { count: failing.length })}</p>
      <ul className="mt-1 space-y-0.5">
        {failing.map((p) => {
          const served = station ? [station] : p.stations;
          const backup = printers.find(
            (b) => b.id !== p.id && served.some((s) => b.backupFor.includes(s)) && !troubled(b),
          );
          return (
            <li key={p.id}>
              {t('alertLine', { name: p.name, status: t(`status_${p.status}`) })}
              {p.lastError && p.lastError !== t(`status_${p.status}`) ? ` (${p.lastError})` : ''}
              {served.length > 0 && (
                <>
                  {' — '}
                  {backup ? t('alertBackup', { backup: backup.name }) : t('alertNoBackup')}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
