import {
  ALLERGENS,
  amountToCents,
  centsToAmount,
  optionGroupInputSchema,
  PRE_MODIFIERS,
  type ManagerMenuItem,
  type ManagerOptionGroup,
  type OptionGroupPayload,
  type PreModifier,
} from '@tavola/contract';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { allergenName } from '@/components/allergens/allergen-tags';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse, runSave } from '@/components/ui/form';
import { Checkbox, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { validationText } from '@/lib/validation-messages';
import {
  useCreateOptionGroup,
  useDeleteOptionGroup,
  useOptionGroups,
  useSetItemOptionGroups,
  useToggleOption,
  useUpdateOptionGroup,
} from '../api/option-groups';
import { t } from '../messages';
import { AllergenFields, type AllergenMarks, listsOf, marksOf } from './allergen-fields';

interface OptionRow {
  id?: string | undefined;
  name: string;
  price: string;
  extraPrice: string;
  available: boolean;
  default: boolean;
  /** What choosing it adds to the dish. */
  marks: AllergenMarks;
}

interface GroupForm {
  name: string;
  min: string;
  max: string;
  allowRepeat: boolean;
  maxPerOption: string;
  preModifiers: PreModifier[];
  options: OptionRow[];
}

const emptyOption = (): OptionRow => ({
  name: '',
  price: '0',
  extraPrice: '0',
  available: true,
  default: false,
  marks: {},
});

const emptyGroup = (): GroupForm => ({
  name: '',
  min: '0',
  max: '1',
  allowRepeat: false,
  maxPerOption: '1',
  preModifiers: [],
  options: [emptyOption()],
});

const formOf = (g: ManagerOptionGroup): GroupForm => ({
  name: g.name,
  min: String(g.min),
  max: String(g.max),
  allowRepeat: g.allowRepeat,
  maxPerOption: String(g.maxPerOption),
  preModifiers: [...g.preModifiers],
  options: g.options.map((o) => ({
    id: o.id,
    name: o.name,
    price: String(centsToAmount(o.priceCents)),
    extraPrice: String(centsToAmount(o.extraPriceCents)),
    available: o.available,
    default: o.default,
    marks: marksOf(o.allergens, o.traces),
  })),
});

/** A typed amount in cents, or NaN (the schema then refuses it with its own words). */
const cents = (text: string) => amountToCents(Number(text.trim() || '0')) ?? Number.NaN;

function payloadOf(form: GroupForm): OptionGroupPayload {
  const parsed = optionGroupInputSchema.safeParse({
    name: form.name,
    min: Number(form.min),
    max: Number(form.max),
    allowRepeat: form.allowRepeat,
    maxPerOption: form.allowRepeat ? Number(form.maxPerOption) : 1,
    preModifiers: form.preModifiers,
    options: form.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      name: o.name,
      priceCents: cents(o.price),
      extraPriceCents: form.preModifiers.includes('extra') ? cents(o.extraPrice) : 0,
      available: o.available,
      default: o.default,
      ...listsOf(o.marks),
    })),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    refuse(message ? validationText(message) : t('checkGroup'));
  }
  return parsed.data;
}

/** "Required · choose 1", "Optional · up to 3", with repeats and pre-modifiers. */
export function groupRule(g: ManagerOptionGroup): string {
  const parts = [
    g.min > 0 ? t('required') : t('optional'),
    g.min === g.max
      ? t('chooseN', { count: g.min })
      : g.min === 0
        ? t('upTo', { max: g.max })
        : t('minToMax', { min: g.min, max: g.max }),
  ];
  if (g.allowRepeat) parts.push(t('eachUpTo', { max: g.maxPerOption }));
  if (g.preModifiers.length) {
    parts.push(g.preModifiers.map((p) => t(`premod_${p}`)).join(', '));
  }
  return parts.join(' · ');
}

/** The option groups under the menu, opened on demand (their list loads when opened). */
export function OptionGroupsPanel({ items }: { items: readonly ManagerMenuItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <Button variant="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('optionGroups')}
      </Button>
      {open && <OptionGroupsSection items={items} />}
    </div>
  );
}

/**
 * The manager's option groups: a list (rules, options with a switch each to 86 one in one tap,
 * the items a group is on), a form to create or edit a group with its options, delete, and the
 * groups of an item in order.
 */
export function OptionGroupsSection({ items }: { items: readonly ManagerMenuItem[] }) {
  const groups = useOptionGroups();
  const create = useCreateOptionGroup();
  const update = useUpdateOptionGroup();
  const remove = useDeleteOptionGroup();
  const toggle = useToggleOption();
  const [editing, setEditing] = useState<ManagerOptionGroup | null>(null);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<GroupForm>(emptyGroup);
  const [itemId, setItemId] = useState<string | null>(null);

  const startCreate = () => {
    setEditing(null);
    setForm(emptyGroup());
    setOpen(true);
  };
  const startEdit = (g: ManagerOptionGroup) => {
    setEditing(g);
    setForm(formOf(g));
    setOpen(true);
  };
  const setOption = (i: number, patch: Partial<OptionRow>) =>
    setForm((f) => ({
      ...f,
      options: f.options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
    }));

  const columns: Column<ManagerOptionGroup>[] = [
    { key: 'name', header: t('colGroup'), rowHeader: true, cell: (g) => g.name },
    { key: 'rule', header: t('colRule'), cell: (g) => groupRule(g) },
    {
      key: 'options',
      header: t('colOptions'),
      cell: (g) => (
        <ul className="space-y-1">
          {g.options.map((o) => (
            <li key={o.id} className="flex items-center gap-2">
              <Switch
                checked={o.available}
                aria-label={t('availableOption', { name: o.name })}
                onCheckedChange={() =>
                  void runSave(() => toggle.mutateAsync({ id: g.id, optionId: o.id }), {
                    success: (updated) => ({
                      title: updated.available ? t('optionAvailable') : t('optionUnavailable'),
                      description: updated.name,
                    }),
                    failure: t('unableToUpdateAvailability'),
                  })
                }
              />
              <span className={o.available ? '' : 'text-stone-500 line-through'}>{o.name}</span>
              {!o.available && <span className="text-xs font-semibold">86</span>}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'items',
      header: t('colOnItems'),
      cell: (g) =>
        g.itemIds
          .map((id) => items.find((i) => i.id === id)?.name)
          .filter(Boolean)
          .join(', ') || '—',
    },
    {
      key: 'actions',
      header: t('colActions'),
      srOnlyHeader: true,
      cell: (g) => (
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('editGroup', { name: g.name })}
            onClick={() => startEdit(g)}
          >
            <Pencil aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('deleteGroup', { name: g.name })}
            onClick={() =>
              void runSave(() => remove.mutateAsync({ id: g.id }), {
                success: { title: t('groupRemoved'), description: g.name },
                failure: t('unableToDelete'),
              })
            }
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ),
    },
  ];

  const item = itemId ? items.find((i) => i.id === itemId) : undefined;

  return (
    <section aria-labelledby="option-groups-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="option-groups-title" className="text-lg font-bold">
          {t('optionGroups')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('optionsOfItem')} layout="row">
            <Select value={itemId ?? ''} onChange={(e) => setItemId(e.target.value || null)}>
              <option value="">{t('chooseItem')}</option>
              {items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button onClick={startCreate}>
            <Plus aria-hidden className="size-4" /> {t('newGroup')}
          </Button>
        </div>
      </div>
      <DataTable
        label={t('optionGroups')}
        columns={columns}
        rows={groups.data}
        rowKey={(g) => g.id}
        loading={groups.isPending}
        empty={t('noGroups')}
        minWidth="44rem"
      />

      {item && groups.data && (
        <ItemGroupsDialog
          key={item.id}
          item={item}
          groups={groups.data}
          onClose={() => setItemId(null)}
        />
      )}

      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={editing ? t('editOptionGroup') : t('newGroup')}
      >
        <Form
          className="space-y-3"
          noValidate
          onSubmit={async () => {
            const body = payloadOf(form);
            return editing
              ? update.mutateAsync({ id: editing.id, body })
              : create.mutateAsync(body);
          }}
          success={(g) => ({
            title: editing ? t('groupSaved') : t('groupAdded'),
            description: g.name,
          })}
          onSaved={() => setOpen(false)}
        >
          <Field label={t('name')}>
            <Input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('min')} hint={t('minHint')}>
              <Input
                type="number"
                min={0}
                value={form.min}
                onChange={(e) => setForm({ ...form, min: e.target.value })}
              />
            </Field>
            <Field label={t('max')}>
              <Input
                type="number"
                min={1}
                value={form.max}
                onChange={(e) => setForm({ ...form, max: e.target.value })}
              />
            </Field>
          </div>
          <Checkbox
            label={t('allowRepeat')}
            checked={form.allowRepeat}
            onChange={(e) => setForm({ ...form, allowRepeat: e.target.checked })}
          />
          {form.allowRepeat && (
            <Field label={t('maxPerOption')}>
              <Input
                type="number"
                min={1}
                value={form.maxPerOption}
                onChange={(e) => setForm({ ...form, maxPerOption: e.target.value })}
              />
            </Field>
          )}
          <fieldset>
            <legend className="text-sm font-medium text-stone-700">{t('preModifiers')}</legend>
            <div className="flex flex-wrap gap-x-4">
              {PRE_MODIFIERS.map((p) => (
                <Checkbox
                  key={p}
                  label={t(`premod_${p}`)}
                  checked={form.preModifiers.includes(p)}
                  onChange={(e) =>
                    setForm({
                      ...form,
                      preModifiers: e.target.checked
                        ? [...form.preModifiers, p]
                        : form.preModifiers.filter((x) => x !== p),
                    })
                  }
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-stone-700">{t('options')}</legend>
            {form.options.map((o, i) => (
              <div
                key={o.id ?? `new-${i}`}
                className="flex flex-wrap items-end gap-2 rounded-lg border border-stone-200 p-2"
              >
                <Field label={t('optionName', { n: i + 1 })} className="min-w-32 flex-1">
                  <Input value={o.name} onChange={(e) => setOption(i, { name: e.target.value })} />
                </Field>
                <Field label={t('optionPrice', { n: i + 1 })} className="w-32">
                  <Input
                    inputMode="decimal"
                    value={o.price}
                    onChange={(e) => setOption(i, { price: e.target.value })}
                  />
                </Field>
                {form.preModifiers.includes('extra') && (
                  <Field label={t('optionExtraPrice', { n: i + 1 })} className="w-32">
                    <Input
                      inputMode="decimal"
                      value={o.extraPrice}
                      onChange={(e) => setOption(i, { extraPrice: e.target.value })}
                    />
                  </Field>
                )}
                <Checkbox
                  label={t('default')}
                  checked={o.default}
                  onChange={(e) => setOption(i, { default: e.target.checked })}
                />
                <details className="w-full text-sm">
                  <summary className="cursor-pointer font-medium">
                    {Object.keys(o.marks).length > 0
                      ? t('optionAllergensList', {
                          n: i + 1,
                          allergens: ALLERGENS.filter((a) => o.marks[a])
                            .map((a) =>
                              o.marks[a] === 'trace'
                                ? t('tracePart', { allergen: allergenName(a) })
                                : allergenName(a),
                            )
                            .join(', '),
                        })
                      : t('optionAllergens', { n: i + 1 })}
                  </summary>
                  <div className="pt-2">
                    <AllergenFields
                      of={o.name.trim() || t('optionN', { n: i + 1 })}
                      marks={o.marks}
                      onChange={(marks) => setOption(i, { marks })}
                    />
                  </div>
                </details>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('removeOption', { n: i + 1 })}
                  disabled={form.options.length === 1}
                  onClick={() =>
                    setForm({ ...form, options: form.options.filter((_, j) => j !== i) })
                  }
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setForm({ ...form, options: [...form.options, emptyOption()] })}
            >
              <Plus aria-hidden className="size-4" /> {t('addOption')}
            </Button>
          </fieldset>
          <FormAlert />
          <FormSubmit size="lg" className="w-full" pendingText={t('saving')}>
            {t('save')}
          </FormSubmit>
        </Form>
      </Dialog>
    </section>
  );
}

/**
 * The groups an item offers, in the order its guests see them: move up or down, take off, add
 * another; saved as one list.
 */
function ItemGroupsDialog({
  item,
  groups,
  onClose,
}: {
  item: ManagerMenuItem;
  groups: readonly ManagerOptionGroup[];
  onClose: () => void;
}) {
  const setGroups = useSetItemOptionGroups();
  const [ids, setIds] = useState(
    () => item.optionGroupIds ?? groups.filter((g) => g.itemIds.includes(item.id)).map((g) => g.id),
  );
  const nameOf = (id: string) => groups.find((g) => g.id === id)?.name ?? id;
  const move = (i: number, by: -1 | 1) =>
    setIds((list) => {
      const next = [...list];
      const [moved] = next.splice(i, 1);
      next.splice(i + by, 0, moved!);
      return next;
    });
  const others = groups.filter((g) => !ids.includes(g.id));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('groupsOf', { name: item.name })}>
      <Form
        className="space-y-3"
        onSubmit={() => setGroups.mutateAsync({ id: item.id, groupIds: ids })}
        success={{ title: t('groupsSaved'), description: item.name }}
        onSaved={onClose}
      >
        {ids.length === 0 ? (
          <p className="text-sm text-stone-600">{t('noGroupsOnItem')}</p>
        ) : (
          <ol className="space-y-1" aria-label={t('groupsInOrder', { name: item.name })}>
            {ids.map((id, i) => (
              <li
                key={id}
                className="flex items-center gap-2 rounded-lg border border-stone-200 px-2 py-1"
              >
                <span className="w-6 text-stone-500 tabular-nums">{i + 1}.</span>
                <span className="flex-1">{nameOf(id)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('moveUp', { name: nameOf(id) })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('moveDown', { name: nameOf(id) })}
                  disabled={i === ids.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('takeOff', { name: nameOf(id) })}
                  onClick={() => setIds(ids.filter((x) => x !== id))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
        )}
        {others.length > 0 && (
          <Field label={t('addGroup')}>
            <Select value="" onChange={(e) => e.target.value && setIds([...ids, e.target.value])}>
              <option value="">{t('chooseGroup')}</option>
              {others.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <FormAlert />
        <FormSubmit className="w-full" pendingText={t('saving')}>
          {t('save')}
        </FormSubmit>
      </Form>
    </Dialog>
  );
}
