import type { DiscountReason } from '@tavola/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Alert } from '@/components/ui/alert';
import { useDiscountReasons } from '@/lib/discount-reasons';
import {
  useCreateDiscountReason,
  useDeleteDiscountReason,
  useRenameDiscountReason,
} from '../api/discount-reasons';
import { t } from '../messages';

function RenameForm({ reason, onDone }: { reason: DiscountReason; onDone: () => void }) {
  const rename = useRenameDiscountReason();
  const [name, setName] = useState(reason.name);
  return (
    <Form
      className="flex flex-wrap items-start gap-2"
      aria-label={t('rename', { name: reason.name })}
      onSubmit={() => {
        if (!name.trim()) refuse(t('nameRequired'));
        return rename.mutateAsync({ id: reason.id, name: name.trim() });
      }}
      success={{ title: t('renamed'), description: name.trim() }}
      onSaved={onDone}
    >
      <Field label={t('name')} labelClassName="sr-only" className="min-w-40 flex-1">
        <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoFocus />
      </Field>
      <FormSubmit size="sm">{t('save')}</FormSubmit>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        {t('cancel')}
      </Button>
      <FormAlert className="w-full" />
    </Form>
  );
}

/**
 * The restaurant's reasons for discounts and comps, kept by the manager: add, rename, remove. A
 * discount already given keeps the reason's name it was given with.
 */
export function DiscountReasons() {
  const reasons = useDiscountReasons();
  const create = useCreateDiscountReason();
  const remove = useDeleteDiscountReason();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<string | null>(null);

  const columns: Column<DiscountReason>[] = [
    {
      key: 'name',
      header: t('name'),
      rowHeader: true,
      cell: (r) =>
        editing === r.id ? <RenameForm reason={r} onDone={() => setEditing(null)} /> : r.name,
    },
    {
      key: 'actions',
      header: t('actions'),
      srOnlyHeader: true,
      className: 'w-px whitespace-nowrap text-right',
      cell: (r) =>
        editing === r.id ? null : (
          <span className="inline-flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('rename', { name: r.name })}
              onClick={() => setEditing(r.id)}
            >
              <Pencil aria-hidden className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('remove', { name: r.name })}
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(t('confirmRemove', { name: r.name }))) return;
                void runSave(() => remove.mutateAsync({ id: r.id }), {
                  success: { title: t('removed'), description: r.name },
                  failure: t('unableToUpdate'),
                });
              }}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </span>
        ),
    },
  ];

  return (
    <section aria-labelledby="discount-reasons" className="space-y-3">
      <div>
        <h2 id="discount-reasons" className="text-lg font-bold">
          {t('title')}
        </h2>
        <p className="text-sm text-stone-600">{t('intro')}</p>
      </div>
      <Form
        className="flex flex-wrap items-end gap-2"
        onSubmit={() => {
          if (!name.trim()) refuse(t('nameRequired'));
          return create.mutateAsync({ name: name.trim() });
        }}
        success={(r) => ({ title: t('added'), description: r.name })}
        onSaved={() => setName('')}
      >
        <Field label={t('newReason')} className="min-w-48 flex-1">
          <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </Field>
        <FormSubmit>
          <Plus aria-hidden className="size-4" /> {t('add')}
        </FormSubmit>
        <FormAlert className="w-full" />
      </Form>
      {reasons.isError && <Alert tone="error">{reasons.error.message}</Alert>}
      <DataTable
        columns={columns}
        rows={reasons.data}
        rowKey={(r) => r.id}
        loading={reasons.isPending}
        empty={t('empty')}
        label={t('title')}
      />
    </section>
  );
}
