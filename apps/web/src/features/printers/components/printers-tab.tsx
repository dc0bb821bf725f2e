import {
  hasPermission,
  PRINTER_CODE_PAGES,
  PRINTER_COMMAND_SETS,
  type Printer,
  type PrinterCodePage,
  type PrinterCommandSet,
  type PrintAgent,
  type PrintJob,
  type StationRow,
} from '@tavola/contract';
import { stationsRoutes } from '@tavola/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import {
  useCreatePrintAgent,
  useCreatePrinter,
  usePrintAgents,
  useRevokePrintAgent,
  useDeletePrinter,
  usePrinters,
  usePrintJobs,
  useSetStationPrinters,
  useTestPrinter,
  useUpdatePrinter,
} from '../api/printers';
import { t } from '../messages';
import { PrinterAlert } from './printer-alert';

const STATUS_TONES = {
  online: 'green',
  offline: 'red',
  paper_out: 'red',
  cover_open: 'red',
  unknown: 'neutral',
} as const;

const COMMAND_SET_LABELS: Record<PrinterCommandSet, string> = {
  epson: 'Epson ESC/POS',
  star: 'Star Line',
};

const CODE_PAGE_LABELS: Record<PrinterCodePage, string> = {
  cp858: 'CP858 (€, Western Europe)',
  windows1252: 'Windows-1252 (€)',
  cp437: 'CP437 (no €)',
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' }) : t('never');

function AddPrinterForm() {
  const create = useCreatePrinter();
  const [name, setName] = useState('');
  const [host, setHost] = useState('');
  const [port, setPort] = useState('9100');
  const [commandSet, setCommandSet] = useState<PrinterCommandSet>('epson');
  const [codePage, setCodePage] = useState<PrinterCodePage>('cp858');
  const [receipt, setReceipt] = useState(false);
  const [agentId, setAgentId] = useState('');
  const agents = (usePrintAgents().data ?? []).filter((a) => !a.revokedAt);
  return (
    <Form
      aria-label={t('addPrinterForm')}
      className="grid gap-3 sm:grid-cols-3 sm:items-end"
      onSubmit={() => {
        if (!name.trim() || !host.trim()) refuse(t('missingName'), t('missingInformation'));
        return create.mutateAsync({
          name: name.trim(),
          host: host.trim(),
          port: Number(port) || 9100,
          commandSet,
          codePage,
          receipt,
          agentId: agentId || null,
        });
      }}
      success={(p) => ({
        title: t('printerAdded'),
        description: t('printerAddedText', { name: p.name, host: p.host, port: p.port }),
      })}
      onSaved={() => {
        setName('');
        setHost('');
        setReceipt(false);
      }}
    >
      <Field label={t('name')} id="printer-name">
        <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Kitchen" />
      </Field>
      <Field label={t('host')} id="printer-host" hint={t('hostHint')}>
        <Input value={host} onChange={(e) => setHost(e.target.value)} placeholder="192.168.1.50" />
      </Field>
      <Field label={t('port')} id="printer-port">
        <Input
          type="number"
          min={1}
          max={65535}
          value={port}
          onChange={(e) => setPort(e.target.value)}
        />
      </Field>
      <Field label={t('commandSet')} id="printer-command-set">
        <Select
          value={commandSet}
          onChange={(e) => setCommandSet(e.target.value as PrinterCommandSet)}
        >
          {PRINTER_COMMAND_SETS.map((c) => (
            <option key={c} value={c}>
              {COMMAND_SET_LABELS[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('codePage')} id="printer-code-page">
        <Select value={codePage} onChange={(e) => setCodePage(e.target.value as PrinterCodePage)}>
          {PRINTER_CODE_PAGES.map((c) => (
            <option key={c} value={c}>
              {CODE_PAGE_LABELS[c]}
            </option>
          ))}
        </Select>
      </Field>
      {agents.length > 0 && (
        <Field label={t('viaAgent')} id="printer-agent">
          <Select value={agentId} onChange={(e) => setAgentId(e.target.value)}>
            <option value="">{t('viaServer')}</option>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <label className="flex items-center gap-2 text-sm font-medium sm:pb-2">
        <input type="checkbox" checked={receipt} onChange={(e) => setReceipt(e.target.checked)} />
        {t('receiptPrinter')}
      </label>
      <FormSubmit pendingText={t('adding')}>{t('add')}</FormSubmit>
      <FormAlert className="sm:col-span-3" />
    </Form>
  );
}

function StationPrinters({ printers }: { printers: Printer[] }) {
  // The stations' own query key: the same cache as every screen that names them.
  const { data: stations, isPending } = useQuery({
    queryKey: ['stations'],
    queryFn: ({ signal }) => call(stationsRoutes.listStations, {}, { signal }),
  });
  const assign = useSetStationPrinters();
  const mainOf = (slug: string) => printers.find((p) => p.stations.includes(slug))?.id ?? '';
  const backupOf = (slug: string) => printers.find((p) => p.backupFor.includes(slug))?.id ?? '';
  const save = (s: StationRow, printerId: string, backupPrinterId: string) =>
    void runSave(
      () =>
        assign.mutateAsync({
          station: s.slug,
          body: { printerId: printerId || null, backupPrinterId: backupPrinterId || null },
        }),
      {
        success: {
          title: printerId
            ? t('stationSaved', {
                station: s.name,
                name: printers.find((p) => p.id === printerId)?.name ?? '',
              })
            : t('stationNotPrinting', { station: s.name }),
        },
        failure: t('unableToSave'),
      },
    );
  const choices = (
    <>
      <option value="">{t('noPrinter')}</option>
      {printers.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  );
  const columns: Column<StationRow>[] = [
    { key: 'station', header: t('colStation'), rowHeader: true, cell: (s) => s.name },
    {
      key: 'main',
      header: t('mainPrinter'),
      cell: (s) => (
        <Select
          aria-label={t('mainPrinterOf', { station: s.name })}
          value={mainOf(s.slug)}
          disabled={assign.isPending}
          onChange={(e) => save(s, e.target.value, backupOf(s.slug))}
        >
          {choices}
        </Select>
      ),
    },
    {
      key: 'backup',
      header: t('backupPrinter'),
      cell: (s) => (
        <Select
          aria-label={t('backupPrinterOf', { station: s.name })}
          value={backupOf(s.slug)}
          disabled={assign.isPending}
          onChange={(e) => save(s, mainOf(s.slug), e.target.value)}
        >
          {choices}
        </Select>
      ),
    },
  ];
  return (
    <DataTable
      label={t('stationPrinters')}
      columns={columns}
      rows={stations?.filter((s) => s.active)}
      rowKey={(s) => s.id}
      loading={isPending}
      empty={t('noPrinters')}
    />
  );
}

function RecentJobs() {
  const { data, isPending } = usePrintJobs();
  const columns: Column<PrintJob>[] = [
    { key: 'job', header: t('colJob'), rowHeader: true, cell: (j) => j.title },
    {
      key: 'status',
      header: t('colStatus'),
      cell: (j) =>
        j.status === 'printed' ? (
          <Badge tone="green">{t('jobPrinted')}</Badge>
        ) : (
          <Badge tone="amber" title={j.lastError ?? undefined}>
            {t('jobWaiting')}
          </Badge>
        ),
    },
    { key: 'attempts', header: t('colAttempts'), cell: (j) => j.attempts },
    { key: 'when', header: t('colWhen'), cell: (j) => when(j.printedAt ?? j.createdAt) },
  ];
  return (
    <DataTable
      label={t('recentJobs')}
      columns={columns}
      rows={data?.slice(0, 15)}
      rowKey={(j) => j.id}
      loading={isPending}
      empty={t('noJobs')}
    />
  );
}

/** The print agents: their health, a new device token (shown once) and revoking one. */
function PrintAgents() {
  const { data, isPending } = usePrintAgents();
  const create = useCreatePrintAgent();
  const revoke = useRevokePrintAgent();
  const [name, setName] = useState('');
  const [token, setToken] = useState<string | null>(null);
  // Only an admin creates a device token (the server says so too).
  const mayCreate = hasPermission(useSession()?.user.permissions, 'full_access');
  const columns: Column<PrintAgent>[] = [
    { key: 'name', header: t('colAgent'), rowHeader: true, cell: (a) => a.name },
    {
      key: 'status',
      header: t('colStatus'),
      cell: (a) =>
        a.revokedAt ? (
          <Badge tone="neutral">{t('revoked')}</Badge>
        ) : a.connected ? (
          <Badge tone="green">{t('connected')}</Badge>
        ) : (
          <Badge tone="red">{t('notConnected')}</Badge>
        ),
    },
    { key: 'seen', header: t('colLastSeen'), cell: (a) => when(a.lastSeenAt) },
    {
      key: 'actions',
      header: t('colActions'),
      srOnlyHeader: true,
      cell: (a) =>
        a.revokedAt ? null : (
          <Button
            size="sm"
            variant="outline"
            disabled={revoke.isPending}
            aria-label={t('revokeOf', { name: a.name })}
            onClick={() =>
              void runSave(() => revoke.mutateAsync(a.id), {
                success: { title: t('agentRevoked'), description: a.name },
                failure: t('unableToSave'),
              })
            }
          >
            {t('revoke')}
          </Button>
        ),
    },
  ];
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-bold">{t('agents')}</h2>
      <p className="text-sm text-stone-600">{t('agentsHint', { url: window.location.origin })}</p>
      {mayCreate && (
        <Form
          aria-label={t('createAgent')}
          className="flex flex-wrap items-end gap-3"
          onSubmit={() => {
            if (!name.trim()) refuse(t('agentName'), t('missingInformation'));
            return create.mutateAsync(name.trim());
          }}
          success={() => ({ title: t('agentCreated') })}
          onSaved={(agent) => {
            setToken(agent.token);
            setName('');
          }}
        >
          <Field label={t('agentName')} id="agent-name">
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Back office"
            />
          </Field>
          <FormSubmit pendingText={t('creatingAgent')}>{t('createAgent')}</FormSubmit>
          <FormAlert />
        </Form>
      )}
      {token && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 font-mono text-sm break-all">
          {t('agentToken', { token })}
        </p>
      )}
      <DataTable
        label={t('agents')}
        columns={columns}
        rows={data}
        rowKey={(a) => a.id}
        loading={isPending}
        empty={t('noAgents')}
      />
    </Card>
  );
}

/**
 * The manager's printers: their live status and alerts, adding one, which printer (and backup)
 * each station prints on, the receipt printer, a test print, and the last jobs.
 */
export function PrintersTab() {
  const { data, isPending } = usePrinters();
  const update = useUpdatePrinter();
  const remove = useDeletePrinter();
  const test = useTestPrinter();
  const printers = data ?? [];
  const busy = update.isPending || remove.isPending || test.isPending;
  const columns: Column<Printer>[] = [
    { key: 'name', header: t('colPrinter'), rowHeader: true, cell: (p) => p.name },
    {
      key: 'address',
      header: t('colAddress'),
      cell: (p) => `${p.host}:${p.port} · ${COMMAND_SET_LABELS[p.commandSet]}`,
    },
    {
      key: 'status',
      header: t('colStatus'),
      cell: (p) => (
        <Badge tone={STATUS_TONES[p.status]} title={p.lastError ?? undefined}>
          {t(`status_${p.status}`)}
        </Badge>
      ),
    },
    { key: 'seen', header: t('colLastSeen'), cell: (p) => when(p.lastSeenAt) },
    {
      key: 'prints',
      header: t('colPrints'),
      cell: (p) =>
        [
          ...p.stations,
          ...p.backupFor.map((s) => t('backupOf', { station: s })),
          ...(p.receipt ? [t('receipts')] : []),
        ].join(', '),
    },
    {
      key: 'actions',
      header: t('colActions'),
      srOnlyHeader: true,
      cell: (p) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t('testPrintOf', { name: p.name })}
            onClick={() =>
              void runSave(() => test.mutateAsync(p.id), {
                success: { title: t('testSent'), description: p.name },
                failure: t('unableToPrint'),
              })
            }
          >
            {t('testPrint')}
          </Button>
          {!p.receipt && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={t('makeReceiptOf', { name: p.name })}
              onClick={() =>
                void runSave(() => update.mutateAsync({ id: p.id, body: { receipt: true } }), {
                  success: { title: t('receiptSet', { name: p.name }) },
                  failure: t('unableToSave'),
                })
              }
            >
              {t('makeReceipt')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t('removeOf', { name: p.name })}
            onClick={() => {
              if (!window.confirm(t('confirmRemove', { name: p.name }))) return;
              void runSave(() => remove.mutateAsync(p.id), {
                success: { title: t('removed'), description: p.name },
                failure: t('unableToSave'),
              });
            }}
          >
            {t('remove')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <PrinterAlert />
      <DataTable
        label={t('printers')}
        columns={columns}
        rows={data}
        rowKey={(p) => p.id}
        loading={isPending}
        empty={t('noPrinters')}
      />
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold">{t('addPrinter')}</h2>
        <AddPrinterForm />
      </Card>
      {printers.length > 0 && <StationPrinters printers={printers} />}
      <RecentJobs />
      <PrintAgents />
    </div>
  );
}
