import type { TableWaiter } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { t } from './messages';

const NOBODY = 'nobody';

/**
 * Picks the waiter who takes over: a table handed over or reassigned, or every table of a waiter
 * who leaves. `nobody` offers to leave them unassigned (any waiter may then claim them).
 */
export function WaiterPickerDialog({
  open,
  title,
  description,
  waiters,
  exclude = [],
  nobody,
  confirm,
  danger = false,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  description: string;
  /** The active waiters (undefined while they load). */
  waiters: TableWaiter[] | undefined;
  /** Waiters not to offer (the one giving the tables). */
  exclude?: readonly (string | undefined)[];
  /** The label of the "leave unassigned" choice, when there is one. */
  nobody?: string;
  confirm: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (waiterId: string | null) => Promise<unknown>;
}) {
  const offered = (waiters ?? []).filter((w) => !exclude.includes(w.id));
  const [choice, setChoice] = useState('');
  useEffect(() => setChoice(''), [open, title]);

  const submit = () => {
    const picked = choice || (nobody ? NOBODY : offered[0]?.id) || '';
    if (!picked) refuse(t('noOtherWaiter'));
    return onSubmit(picked === NOBODY ? null : picked);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
    >
      {/* Another title is another hand-over: no refusal carried over from the last one. */}
      <Form key={title} className="space-y-4" onSubmit={submit} onSaved={onClose}>
        <Field label={t('waiter')} id="take-over-waiter">
          {waiters === undefined ? (
            <div className="h-11 animate-pulse rounded-lg bg-stone-200" />
          ) : (
            <Select
              value={choice || (nobody ? NOBODY : (offered[0]?.id ?? ''))}
              onChange={(e) => setChoice(e.target.value)}
            >
              {nobody && <option value={NOBODY}>{nobody}</option>}
              {offered.map((w) => (
                <option key={w.id} value={w.id}>
                  {t('waiterTables', { name: w.name, count: w.tables })}
                </option>
              ))}
            </Select>
          )}
          {waiters !== undefined && offered.length === 0 && (
            <p className="text-sm text-stone-600">{t('noneOnDuty')}</p>
          )}
        </Field>
        <FormAlert />
        <FormSubmit
          variant={danger ? 'danger' : 'primary'}
          size="lg"
          className="w-full"
          disabled={waiters === undefined || (!nobody && offered.length === 0)}
        >
          {confirm}
        </FormSubmit>
      </Form>
    </Dialog>
  );
}
