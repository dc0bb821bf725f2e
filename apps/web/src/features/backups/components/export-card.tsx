import type { BackupExport } from '@tavola/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { runSave } from '@/components/ui/form';
import { exportData } from '../api/download-backup';

/** The export buttons, in the product's order and words. */
const EXPORTS: { kind: BackupExport; label: string; hint: string }[] = [
  { kind: 'orders', label: 'Orders', hint: 'every order (CSV)' },
  { kind: 'users', label: 'Users', hint: 'staff accounts (CSV)' },
  { kind: 'analytics', label: 'Analytics', hint: 'sales per day (CSV)' },
  { kind: 'all', label: 'All', hint: 'everything (ZIP)' },
];

/** Export Orders, Users and Analytics as spreadsheets, or All as a complete ZIP made now. */
export function ExportCard() {
  const [busy, setBusy] = useState<BackupExport | null>(null);
  const run = async (kind: BackupExport) => {
    setBusy(kind);
    await runSave(() => exportData(kind), { failure: 'Unable to export' });
    setBusy(null);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export data</CardTitle>
        <p className="text-sm text-stone-600">
          Spreadsheets open in Excel, Numbers or LibreOffice. Password hashes and two-factor secrets
          are never exported.
        </p>
      </CardHeader>
      <CardContent>
        <div role="group" aria-label="Export data" className="flex flex-wrap gap-2">
          {EXPORTS.map((e) => (
            <Button
              key={e.kind}
              variant="outline"
              title={`Export ${e.hint}`}
              disabled={busy !== null}
              onClick={() => void run(e.kind)}
            >
              <Download aria-hidden className="size-4" />
              {e.label}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
