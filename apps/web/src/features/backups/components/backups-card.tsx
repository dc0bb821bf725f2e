import type { Backup } from '@tavola/contract';
import { DatabaseBackup, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { runSave, toastProblem } from '@/components/ui/form';
import { formatTime } from '@/lib/format';
import { useAddressRequest } from '@/lib/url-tab';
import { useCreateBackup } from '../api/create-backup';
import { useDeleteBackup } from '../api/delete-backup';
import { downloadBackup } from '../api/download-backup';
import { useBackups } from '../api/get-backups';
import { t } from '../messages';
import { formatSize } from './format-size';

const STATUS = {
  running: { tone: 'blue' },
  ready: { tone: 'green' },
  failed: { tone: 'red' },
} as const;

/**
 * Create Backup Now and the restaurant's backups (time, kind, size, status), each ready one to
 * download. The list follows the server live: a backup shows Running, then Ready or Failed.
 */
export function BackupsCard() {
  const { data, isError, error } = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [confirming, setConfirming] = useState<string | null>(null);

  const createNow = () =>
    void runSave(() => create.mutateAsync(), {
      success: { title: t('started'), description: t('startedText') },
      failure: t('unableToCreate'),
    });

  // The overview's Backup Now arrives here (?start=backup): one starts as soon as the tab opens.
  useAddressRequest('start', (request) => request === 'backup' && createNow());

  const onDelete = (backup: Backup) =>
    void runSave(() => remove.mutateAsync({ id: backup.id }), {
      success: { title: t('deleted') },
      failure: t('unableToDelete'),
    }).then(() => setConfirming(null));

  const tz = data?.timezone;
  const columns: Column<Backup>[] = [
    {
      key: 'time',
      header: t('time'),
      className: 'whitespace-nowrap',
      cell: (b) => formatTime(b.createdAt, tz, 'dateTime'),
    },
    {
      key: 'kind',
      header: t('kind'),
      cell: (b) =>
        b.kind === 'auto'
          ? t('automatic')
          : b.createdBy
            ? t('manualBy', { name: b.createdBy.name })
            : t('manual'),
    },
    {
      key: 'size',
      header: t('size'),
      className: 'whitespace-nowrap',
      cell: (b) => (b.sizeBytes === null ? '—' : formatSize(b.sizeBytes)),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (b) => (
        <>
          <Badge tone={STATUS[b.status].tone}>{t(b.status)}</Badge>
          {b.error && <p className="mt-1 text-xs text-red-700">{b.error}</p>}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('actions'),
      srOnlyHeader: true,
      cell: (b) => (
        <div className="flex flex-wrap justify-end gap-2">
          {b.status === 'ready' && (
            <Button
              size="sm"
              variant="outline"
              aria-label={t('downloadOf', { time: formatTime(b.createdAt, tz, 'dateTime') })}
              onClick={() =>
                void downloadBackup(b).catch((e: unknown) => toastProblem(t('unableToDownload'), e))
              }
            >
              <Download aria-hidden className="size-4" />
              {t('download')}
            </Button>
          )}
          {b.status !== 'running' &&
            (confirming === b.id ? (
              <>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={remove.isPending}
                  onClick={() => onDelete(b)}
                >
                  {t('deleteThis')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                  {t('keepIt')}
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('deleteOf', { time: formatTime(b.createdAt, tz, 'dateTime') })}
                onClick={() => setConfirming(b.id)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            ))}
        </div>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>{t('backups')}</CardTitle>
          <p className="text-sm text-stone-600">{t('backupsHint')}</p>
        </div>
        <Button onClick={createNow} disabled={create.isPending}>
          <DatabaseBackup aria-hidden className="size-4" />
          {t('createNow')}
        </Button>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : t('unableToLoad')}
          </p>
        ) : (
          <DataTable
            bare
            label={t('newestFirst')}
            columns={columns}
            rows={data?.backups}
            rowKey={(b) => b.id}
            loading={!data}
            empty={t('noBackups')}
            minWidth="min-w-[560px]"
          />
        )}
      </CardContent>
    </Card>
  );
}
