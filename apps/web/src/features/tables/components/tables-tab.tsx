import {
  QR_ADDRESS_MISSING,
  tableInputSchema,
  type AdminTable,
  type TableInput,
} from '@tavola/contract';
import { tablesRoutes } from '@tavola/contract/refs';
import {
  ArrowRightLeft,
  DoorOpen,
  Download,
  Pencil,
  Plus,
  QrCode,
  RotateCw,
  Trash2,
  UserRound,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormSubmit, runSave, toastProblem } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { CloseTableDialog, type CloseTarget } from '@/components/tables/close-table-dialog';
import { WaiterPickerDialog } from '@/components/tables/waiter-picker-dialog';
import { routeUrl } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { validate } from '@/lib/validate';
import { useCloseTable } from '@/features/tables/api/close-table';
import { useDeleteTable } from '@/features/tables/api/delete-table';
import { downloadAllTableQr, downloadTableQr } from '@/features/tables/api/download-table-qr';
import { useTables } from '@/features/tables/api/get-tables';
import { useReassignTable } from '@/features/tables/api/reassign-table';
import { useRotateTableQr } from '@/features/tables/api/rotate-table-qr';
import { useSaveTable } from '@/features/tables/api/save-table';
import { useTableWaiters } from '@/features/tables/api/get-table-waiters';
import { t } from '../messages';

const STATUS_TONE: Record<string, 'green' | 'neutral' | 'red' | 'blue' | 'amber'> = {
  available: 'neutral',
  active: 'green',
  maintenance: 'amber',
  waiting_payment: 'blue',
  needs_attention: 'red',
};

type Status = NonNullable<TableInput['status']>;

export function downloadAllQr() {
  return downloadAllTableQr().catch((e: unknown) => toastProblem(t('unableToDownloadQr'), e));
}

function QrPreview({ table }: { table: AdminTable }) {
  const [src, setSrc] = useState<string | null>(null);
  if (!src) {
    // The QR image needs the bearer token, so it is fetched and shown as an object URL.
    void fetch(routeUrl(tablesRoutes.getTableQrSvg, { params: { id: table.id } }), {
      headers: { authorization: `Bearer ${sessionStore.get()?.token ?? ''}` },
    })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => blob && setSrc(URL.createObjectURL(blob)));
  }
  return src ? (
    <img
      src={src}
      alt={t('qrAlt', { table: table.number })}
      width={240}
      height={240}
      className="mx-auto size-60"
    />
  ) : (
    <div className="mx-auto size-60 animate-pulse rounded-lg bg-stone-200" />
  );
}

export function TablesTab() {
  const { data, isPending, isError, error } = useTables();
  const save = useSaveTable();
  const remove = useDeleteTable();
  const rotate = useRotateTableQr();
  const [editing, setEditing] = useState<AdminTable | 'new' | null>(null);
  const [form, setForm] = useState<{ number: string; capacity: string; status: Status }>({
    number: '',
    capacity: '4',
    status: 'available',
  });
  const [qrFor, setQrFor] = useState<AdminTable | null>(null);
  const [closing, setClosing] = useState<CloseTarget | null>(null);
  const [reassigning, setReassigning] = useState<AdminTable | null>(null);
  const close = useCloseTable();
  const reassign = useReassignTable();
  const waiters = useTableWaiters({ enabled: reassigning !== null });

  const open = (table: AdminTable | 'new') => {
    setEditing(table);
    setForm(
      table === 'new'
        ? {
            number: String(Math.max(0, ...(data ?? []).map((t) => t.number)) + 1),
            capacity: '4',
            status: 'available',
          }
        : {
            number: String(table.number),
            capacity: String(table.capacity),
            status:
              table.status === 'maintenance'
                ? 'maintenance'
                : table.status === 'available'
                  ? 'available'
                  : 'active',
          },
    );
  };

  const onSave = (target: AdminTable | 'new') =>
    save.mutateAsync({
      id: target === 'new' ? null : target.id,
      body: checkedOrRefuse(
        validate(tableInputSchema, {
          number: form.number.trim() ? Number(form.number) : Number.NaN,
          capacity: form.capacity.trim() ? Number(form.capacity) : Number.NaN,
          status: form.status,
        }),
      ),
    });

  const onDelete = (table: AdminTable) => {
    if (!window.confirm(t('confirmRemove', { table: table.number }))) return;
    void runSave(() => remove.mutateAsync({ id: table.id }), {
      success: { title: t('tableRemoved'), description: t('tableN', { table: table.number }) },
      failure: t('unableToDelete'),
    });
  };

  const onRotate = (table: AdminTable) => {
    if (!window.confirm(t('confirmRotate', { table: table.number }))) return;
    void runSave(() => rotate.mutateAsync({ id: table.id }), {
      success: {
        title: t('newQr'),
        description: t('printNewCode', { table: table.number }),
      },
      failure: t('unableToUpdate'),
      onSaved: () => setQrFor(null),
    });
  };

  // Codes are printable once the server knows where guests' phones reach the restaurant.
  const noAddress = (data ?? []).some((table) => table.orderUrl === null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => open('new')}>
          <Plus aria-hidden className="size-4" /> {t('addTable')}
        </Button>
        <Button variant="outline" disabled={noAddress} onClick={() => void downloadAllQr()}>
          <Download aria-hidden className="size-4" /> {t('downloadAllQr')}
        </Button>
      </div>
      {noAddress && <Alert tone="warning">{QR_ADDRESS_MISSING}</Alert>}
      {isError && <Alert tone="error">{error.message}</Alert>}
      {isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {(data ?? []).map((table) => (
            <li
              key={table.id}
              className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-center justify-between">
                <h3 className="text-lg font-bold">{t('tableN', { table: table.number })}</h3>
                <Badge tone={STATUS_TONE[table.status] ?? 'neutral'}>
                  {t(`status_${table.status}`)}
                </Badge>
              </div>
              <p className="flex items-center gap-1 text-sm text-stone-600">
                <Users aria-hidden className="size-4" /> {t('seats', { count: table.capacity })}
              </p>
              <p className="flex items-center gap-1 text-sm text-stone-600">
                <UserRound aria-hidden className="size-4" />{' '}
                {table.assignedWaiter ? table.assignedWaiter.name : t('unassigned')}
                {table.unpaidOrders > 0 && t('unpaidOrders', { count: table.unpaidOrders })}
              </p>
              <p className="truncate font-mono text-xs text-stone-500" title={table.qrToken}>
                {t('qrToken', { token: table.qrToken })}
              </p>
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={table.orderUrl === null}
                  onClick={() => setQrFor(table)}
                >
                  <QrCode aria-hidden className="size-4" /> {t('generateQr')}
                </Button>
                {table.hasOpenSession && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      setClosing({
                        id: table.id,
                        number: table.number,
                        unpaidOrders: table.unpaidOrders,
                      })
                    }
                    aria-label={t('closeTableN', { table: table.number })}
                  >
                    <DoorOpen aria-hidden className="size-4" /> {t('closeTable')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setReassigning(table)}
                  aria-label={t('reassignTableN', { table: table.number })}
                >
                  <ArrowRightLeft aria-hidden className="size-4" /> {t('reassign')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => open(table)}
                  aria-label={t('editTableN', { table: table.number })}
                >
                  <Pencil aria-hidden className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onDelete(table)}
                  aria-label={t('deleteTableN', { table: table.number })}
                >
                  <Trash2 aria-hidden className="size-4 text-red-600" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing === 'new' ? t('addTable') : t('editTable')}
      >
        {editing && (
          <Form
            className="grid gap-3 sm:grid-cols-3"
            onSubmit={() => onSave(editing)}
            success={{
              title: editing === 'new' ? t('tableAdded') : t('tableUpdated'),
              description: t('tableN', { table: form.number }),
            }}
            onSaved={() => setEditing(null)}
            errorToast={t('unableToSave')}
          >
            <Field label={t('number')} id="t-number">
              <Input
                type="number"
                min="1"
                value={form.number}
                onChange={(e) => setForm((f) => ({ ...f, number: e.target.value }))}
              />
            </Field>
            <Field label={t('capacity')} id="t-capacity">
              <Input
                type="number"
                min="1"
                value={form.capacity}
                onChange={(e) => setForm((f) => ({ ...f, capacity: e.target.value }))}
              />
            </Field>
            <Field label={t('status')} id="t-status">
              <Select
                value={form.status}
                onChange={(e) => setForm((f) => ({ ...f, status: e.target.value as Status }))}
              >
                <option value="available">{t('status_available')}</option>
                <option value="active">{t('status_active')}</option>
                <option value="maintenance">{t('status_maintenance')}</option>
              </Select>
            </Field>
            <FormSubmit size="lg" className="sm:col-span-3">
              {t('save')}
            </FormSubmit>
          </Form>
        )}
      </Dialog>

      <CloseTableDialog
        target={closing}
        onClose={() => setClosing(null)}
        onSubmit={async (target, body) => {
          const closed = await close.mutateAsync({ id: target.id, body });
          toast({
            title: t('tableClosed'),
            description:
              closed.closeReason === 'paid'
                ? t('closedSettled', { table: target.number })
                : closed.voidedOrders > 0
                  ? t('closedVoided', { table: target.number, count: closed.voidedOrders })
                  : t('closedFree', { table: target.number }),
          });
        }}
      />
      <WaiterPickerDialog
        open={reassigning !== null}
        title={t('reassignTitle', { table: reassigning?.number ?? '' })}
        description={
          reassigning?.assignedWaiter
            ? t('servedBy', { name: reassigning.assignedWaiter.name })
            : t('servedByNobody')
        }
        waiters={waiters.data}
        exclude={[reassigning?.assignedWaiter?.id]}
        confirm={t('reassign')}
        onClose={() => setReassigning(null)}
        onSubmit={async (waiterId) => {
          if (!reassigning || !waiterId) return;
          const moved = await reassign.mutateAsync({ id: reassigning.id, waiterId });
          toast({
            title: t('tableReassigned'),
            description: t('nowServedBy', { table: moved.tableNumber, name: moved.to.name }),
          });
        }}
      />

      <Dialog
        open={qrFor !== null}
        onOpenChange={(o) => !o && setQrFor(null)}
        title={qrFor ? t('tableQr', { table: qrFor.number }) : t('qrCode')}
        description={qrFor?.orderUrl ?? undefined}
      >
        {qrFor && (
          <div className="space-y-3">
            <QrPreview key={qrFor.qrToken} table={qrFor} />
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={() => void downloadTableQr(qrFor, 'png')}>
                PNG
              </Button>
              <Button variant="outline" onClick={() => void downloadTableQr(qrFor, 'svg')}>
                SVG
              </Button>
              <Button variant="danger" onClick={() => onRotate(qrFor)}>
                <RotateCw aria-hidden className="size-4" /> {t('newCode')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
