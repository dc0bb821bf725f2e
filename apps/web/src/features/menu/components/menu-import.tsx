import type { MenuImportResult } from '@tavola/contract';
import { Download, FileUp, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import {
  checkMenuCsv,
  downloadMenuExport,
  downloadMenuTemplate,
  useImportMenuCsv,
} from '@/features/menu/api/menu-csv';

const message = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Adds 3 items and updates 2; adds 1 option group." */
function summary(r: MenuImportResult, done: boolean): string {
  const part = (c: { created: number; updated: number }, one: string, many: string) =>
    [
      c.created ? `${done ? 'added' : 'adds'} ${counted(c.created, one, many)}` : '',
      c.updated ? `${done ? 'updated' : 'updates'} ${counted(c.updated, one, many)}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
  const parts = [part(r.items, 'item', 'items'), part(r.groups, 'option group', 'option groups')]
    .filter(Boolean)
    .join('; ');
  return parts ? `${parts[0]!.toUpperCase()}${parts.slice(1)}.` : 'Nothing to change.';
}

/**
 * The menu as a CSV: the template to fill in, the menu exported in the same layout, and an
 * import that checks the file first (every mistake by row) and imports it only when it is clean.
 */
export function MenuImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importCsv = useImportMenuCsv();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [check, setCheck] = useState<MenuImportResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setCheck(null);
    setError(null);
  };

  const choose = async (chosen: File | undefined) => {
    reset();
    if (!chosen) return;
    setChecking(true);
    try {
      const text = await chosen.text();
      setFile({ name: chosen.name, text });
      setCheck(await checkMenuCsv(text));
    } catch (e) {
      setError(message(e, 'The file could not be checked'));
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    if (!file) return;
    try {
      const done = await importCsv.mutateAsync(file.text);
      toast({ title: 'Menu imported', description: summary(done, true) });
      reset();
      onClose();
    } catch (e) {
      setError(message(e, 'The file could not be imported'));
    }
  };

  const fail = (e: unknown) =>
    toast({ title: 'Download failed', description: message(e, ''), variant: 'destructive' });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          reset();
          onClose();
        }
      }}
      title="Import or export the menu"
      description="Items, option groups and options in one CSV layout: export, edit in a spreadsheet, import."
    >
      <div className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void downloadMenuTemplate().catch(fail)}>
            <Download aria-hidden className="size-4" /> Template
          </Button>
          <Button variant="outline" onClick={() => void downloadMenuExport().catch(fail)}>
            <Download aria-hidden className="size-4" /> Export menu
          </Button>
        </div>
        <label className="block space-y-1">
          <span className="text-sm font-medium">CSV file to import</span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        <p className="text-xs text-stone-500">
          Items and groups are matched by name: a name already on the menu is updated, a new one is
          added, and what the file does not name stays as it is.
        </p>
        {checking && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Checking{' '}
            {file?.name ?? 'the file'}…
          </p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {check && check.errors.length > 0 && (
          <div className="space-y-2">
            <Alert tone="error">
              {counted(check.errors.length, 'mistake', 'mistakes')} in {file?.name}: fix them and
              choose the file again. Nothing was imported.
            </Alert>
            <div className="max-h-64 overflow-y-auto rounded-lg border border-stone-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Mistakes by row</caption>
                <thead className="bg-stone-50 text-stone-600">
                  <tr>
                    <th className="px-2 py-1">Row</th>
                    <th className="px-2 py-1">Column</th>
                    <th className="px-2 py-1">Mistake</th>
                  </tr>
                </thead>
                <tbody>
                  {check.errors.map((e, i) => (
                    <tr key={i} className="border-t border-stone-100">
                      <td className="px-2 py-1 tabular-nums">{e.row}</td>
                      <td className="px-2 py-1">{e.column ?? ''}</td>
                      <td className="px-2 py-1">{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        {check && check.errors.length === 0 && (
          <div className="space-y-3">
            <Alert tone="success">
              {file?.name} is ready. {summary(check, false)}
            </Alert>
            <Button onClick={() => void run()} disabled={importCsv.isPending}>
              <FileUp aria-hidden className="size-4" /> Import
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
