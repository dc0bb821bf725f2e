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
import { t } from '../messages';

const message = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** "Adds 3 items and updates 2 items; adds 1 option group." */
function summary(r: MenuImportResult, done: boolean): string {
  const part = (c: { created: number; updated: number }, of: 'items' | 'groups') => {
    const said = [
      c.created ? t(`${of}${done ? 'Added' : 'Adds'}`, { count: c.created }) : '',
      c.updated ? t(`${of}${done ? 'Updated' : 'Updates'}`, { count: c.updated }) : '',
    ].filter(Boolean);
    return said.length === 2
      ? t('bothParts', { first: said[0], second: said[1] })
      : (said[0] ?? '');
  };
  const parts = [part(r.items, 'items'), part(r.groups, 'groups')].filter(Boolean).join('; ');
  return parts ? `${parts[0]!.toUpperCase()}${parts.slice(1)}.` : t('nothingToChange');
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
      setError(message(e, t('fileNotChecked')));
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    if (!file) return;
    try {
      const done = await importCsv.mutateAsync(file.text);
      toast({ title: t('menuImported'), description: summary(done, true) });
      reset();
      onClose();
    } catch (e) {
      setError(message(e, t('fileNotImported')));
    }
  };

  const fail = (e: unknown) =>
    toast({ title: t('downloadFailed'), description: message(e, ''), variant: 'destructive' });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          reset();
          onClose();
        }
      }}
      title={t('importTitle')}
      description={t('importDescription')}
    >
      <div className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void downloadMenuTemplate().catch(fail)}>
            <Download aria-hidden className="size-4" /> {t('template')}
          </Button>
          <Button variant="outline" onClick={() => void downloadMenuExport().catch(fail)}>
            <Download aria-hidden className="size-4" /> {t('exportMenu')}
          </Button>
        </div>
        <label className="block space-y-1">
          <span className="text-sm font-medium">{t('csvToImport')}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        <p className="text-xs text-stone-500">{t('matchedByName')}</p>
        {checking && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            <Loader2 aria-hidden className="size-4 animate-spin" />{' '}
            {t('checking', { file: file?.name ?? t('theFile') })}
          </p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {check && check.errors.length > 0 && (
          <div className="space-y-2">
            <Alert tone="error">
              {t('mistakesIn', { count: check.errors.length, file: file?.name })}
            </Alert>
            <div className="max-h-64 overflow-y-auto rounded-lg border border-stone-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('mistakesByRow')}</caption>
                <thead className="bg-stone-50 text-stone-600">
                  <tr>
                    <th className="px-2 py-1">{t('row')}</th>
                    <th className="px-2 py-1">{t('column')}</th>
                    <th className="px-2 py-1">{t('mistake')}</th>
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
              {t('fileReady', { file: file?.name, summary: summary(check, false) })}
            </Alert>
            <Button onClick={() => void run()} disabled={importCsv.isPending}>
              <FileUp aria-hidden className="size-4" /> {t('import')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
