import type { BackupExport } from '@tavola/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { runSave } from '@/components/ui/form';
import { exportData } from '../api/download-backup';
import { t } from '../messages';

/** The export buttons, in the product's order and words. */
const EXPORTS: readonly BackupExport[] = ['orders', 'users', 'analytics', 'all'];

/** Export Orders, Users and Analytics as spreadsheets, or All as a complete ZIP made now. */
export function ExportCard() {
  const [busy, setBusy] = useState<BackupExport | null>(null);
  const run = async (kind: BackupExport) => {
    setBusy(kind);
    await runSave(() => exportData(kind), { failure: t('unableToExport') });
    setBusy(null);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('exportData')}</CardTitle>
        <p className="text-sm text-stone-600">{t('exportHint')}</p>
      </CardHeader>
      <CardContent>
        <div role="group" aria-label={t('exportData')} className="flex flex-wrap gap-2">
          {EXPORTS.map((kind) => (
            <Button
              key={kind}
              variant="outline"
              title={t(`exportHint_${kind}`)}
              disabled={busy !== null}
              onClick={() => void run(kind)}
            >
              <Download aria-hidden className="size-4" />
              {t(`export_${kind}`)}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
