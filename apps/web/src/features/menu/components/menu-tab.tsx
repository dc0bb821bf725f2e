import {
  categoryLabel,
  DEFAULT_CURRENCY,
  DIETS,
  type Diet,
  defaultStationFor,
  menuItemInputSchema,
  stationFor,
  type ManagerMenuItem,
  type MenuItemPayload,
  type Station,
} from '@tavola/contract';
import {
  FileSpreadsheet,
  Loader2,
  Pencil,
  Plus,
  RefreshCw,
  Star,
  Tags,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { allergenNames, dietName } from '@/components/allergens/allergen-tags';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormSubmit, refuse, runSave } from '@/components/ui/form';
import { Checkbox, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useCreateMenuItem } from '@/features/menu/api/create-menu-item';
import { useDeleteMenuItem } from '@/features/menu/api/delete-menu-item';
import { useRemoveSampleItems } from '@/features/menu/api/remove-sample-items';
import { useMenu } from '@/features/menu/api/get-menu';
import { useMenuCategories } from '@/features/menu/api/get-menu-categories';
import { usePendingMenuItemIds } from '@/features/menu/api/menu-mutation';
import { useStationOptions } from '@/lib/station-options';
import { useCourses } from '@/lib/courses';
import { useSetCategoryStation } from '@/features/menu/api/set-category-station';
import { useToggleMenuItem } from '@/features/menu/api/toggle-menu-item';
import { useUpdateMenuItem } from '@/features/menu/api/update-menu-item';
import { useAddressRequest } from '@/lib/url-tab';
import { AllergenFields, type AllergenMarks, listsOf, marksOf } from './allergen-fields';
import { MenuImportDialog } from './menu-import';
import { MenuTranslationsDialog } from './menu-translations';
import { OptionGroupsPanel } from './option-groups';
import { t } from '../messages';

interface FormState {
  name: string;
  category: string;
  price: string;
  currency: string;
  description: string;
  preparationTime: string;
  imageUrl: string;
  tags: string;
  available: boolean;
  special: boolean;
  /** The item's own station's slug, or '' to follow its category's. */
  station: Station;
  /** Its default course's number, or '' for none (its lines go to the station at once). */
  course: string;
  /** Whether its allergens are declared (with no mark: a declared "none"). */
  declared: boolean;
  marks: AllergenMarks;
  diets: Diet[];
}

const emptyForm: FormState = {
  name: '',
  category: '',
  price: '',
  currency: DEFAULT_CURRENCY.toUpperCase(),
  description: '',
  preparationTime: '',
  imageUrl: '',
  tags: '',
  available: true,
  special: false,
  station: '',
  course: '',
  declared: false,
  marks: {},
  diets: [],
};

const toForm = (item: ManagerMenuItem): FormState => ({
  name: item.name,
  category: item.category,
  price: String(item.price),
  currency: item.currency,
  description: item.description ?? '',
  preparationTime: item.preparationTime ? String(item.preparationTime) : '',
  imageUrl: item.imageUrl ?? '',
  tags: item.tags.join(', '),
  available: item.available,
  special: item.special,
  station: item.station ?? '',
  course: item.course ? String(item.course) : '',
  declared: item.allergens !== null,
  marks: marksOf(item.allergens, item.traces),
  diets: [...item.diets],
});

const message = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** The toast title for a form field's refusal. */
const REFUSAL_TITLE: Record<string, () => string> = {
  name: () => t('missingInformation'),
  category: () => t('missingInformation'),
  price: () => t('invalidPrice'),
};

/**
 * The form checked by the contract's own menu item schema (the server's), optional fields
 * sent only when filled.
 */
function toPayload(
  form: FormState,
  hadStation: boolean,
  editing = false,
): MenuItemPayload | { error: [string, string] } {
  // A new item sends its allergens once declared; an edit always (null takes a declaration back).
  const declaration = form.declared
    ? listsOf(form.marks)
    : editing
      ? { allergens: null, traces: [] }
      : {};
  const description = form.description.trim();
  const preparationTime = form.preparationTime.trim();
  const imageUrl = form.imageUrl.trim();
  const tags = form.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const checked = validate(menuItemInputSchema, {
    name: form.name,
    category: form.category,
    price: form.price.trim() ? Number(form.price) : Number.NaN,
    available: form.available,
    special: form.special,
    // An emptied currency falls back to the default currency.
    currency: form.currency.trim() || DEFAULT_CURRENCY,
    ...(description ? { description } : {}),
    ...(preparationTime ? { preparationTime: Number(preparationTime) } : {}),
    ...(tags.length ? { tags } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    // Sent when chosen, like the other optional fields; null when an edit gives the item's
    // station back to its category.
    ...(form.station ? { station: form.station } : hadStation ? { station: null } : {}),
    // An edit always sends it (none takes the default course back).
    ...(form.course ? { course: Number(form.course) } : editing ? { course: null } : {}),
    ...declaration,
    ...(form.diets.length || editing ? { diets: form.diets } : {}),
  });
  if (checked.ok) return checked.data;
  return { error: [REFUSAL_TITLE[checked.field]?.() ?? t('unableToSave'), checked.error] };
}

export function MenuTab() {
  const menu = useMenu();
  const categories = useMenuCategories();
  const createItem = useCreateMenuItem();
  const updateItem = useUpdateMenuItem();
  const toggleItem = useToggleMenuItem();
  const deleteItem = useDeleteMenuItem();
  const setCategoryStation = useSetCategoryStation();
  const { options: stationOptions, nameOf: stationName } = useStationOptions();
  const { courses } = useCourses();
  const removeSamples = useRemoveSampleItems();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [translationsOpen, setTranslationsOpen] = useState(false);
  const locked = usePendingMenuItemIds();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [specialsOnly, setSpecialsOnly] = useState(false);
  const [hideUnavailable, setHideUnavailable] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<ManagerMenuItem | null>(null);
  const [form, setForm] = useState<FormState>(emptyForm);
  const saving = createItem.isPending || updateItem.isPending;
  // A refusal of the form's own shows inside the dialog too: a modal hides the page's toast from
  // screen readers.
  const [formError, setFormError] = useState<[string, string] | null>(null);

  const openCreate = () => {
    setEditing(null);
    setForm(emptyForm);
    setDialogOpen(true);
  };
  // The overview's "Add Menu Item" quick action arrives here (?open=add) with the dialog to open.
  useAddressRequest('open', (request) => request === 'add' && openCreate());
  const openEdit = (item: ManagerMenuItem) => {
    setEditing(item);
    setForm(toForm(item));
    setDialogOpen(true);
  };
  // Closing resets the form and the edit target.
  const onDialogChange = (open: boolean) => {
    setDialogOpen(open);
    if (!open) {
      setEditing(null);
      setForm(emptyForm);
      setFormError(null);
    }
  };

  /** Saves the dialog's item; its refusals are toasted under the refused field's title. */
  const onSave = async () => {
    const payload = toPayload(form, Boolean(editing?.station), Boolean(editing));
    if ('error' in payload) {
      setFormError(payload.error);
      refuse(payload.error[1], payload.error[0]);
    }
    setFormError(null);
    if (editing) {
      await updateItem.mutateAsync({ id: editing.id, body: payload });
      return { title: t('itemUpdated'), description: t('itemUpdatedText', { name: payload.name }) };
    }
    await createItem.mutateAsync({ body: payload });
    return { title: t('itemAdded'), description: t('itemAddedText', { name: payload.name }) };
  };

  const onToggle = (item: ManagerMenuItem) =>
    runSave(() => toggleItem.mutateAsync({ id: item.id }), {
      success: (updated) => ({
        title: updated.available ? t('itemEnabled') : t('itemDisabled'),
        description: updated.name,
      }),
      failure: t('unableToUpdateAvailability'),
    });

  const onSpecial = (item: ManagerMenuItem) =>
    runSave(() => updateItem.mutateAsync({ id: item.id, body: { special: !item.special } }), {
      success: {
        title: item.special ? t('specialRemoved') : t('markedSpecial'),
        description: item.name,
      },
      failure: t('unableToUpdate'),
    });

  const onDelete = async (item: ManagerMenuItem) => {
    if (!window.confirm(t('confirmRemove', { name: item.name }))) return;
    await runSave(() => deleteItem.mutateAsync({ id: item.id }), {
      success: { title: t('itemRemoved'), description: item.name },
      failure: t('unableToDelete'),
    });
  };

  const onCategoryStation = (category: string, station: Station) =>
    runSave(() => setCategoryStation.mutateAsync({ category, station }), {
      success: {
        title: t('categoryUpdated'),
        description: t('categoryGoesTo', {
          category: categoryLabel(category),
          station: stationName(station).toLowerCase(),
        }),
      },
      failure: t('unableToUpdate'),
    });

  const onRemoveSamples = () =>
    runSave(() => removeSamples.mutateAsync(undefined), {
      success: ({ removed }) => ({
        title: t('samplesRemoved'),
        description: t('samplesLeft', { count: removed }),
      }),
      failure: t('unableToDelete'),
    });

  const sampleCount = (menu.data ?? []).filter((item) => item.sample).length;
  // An explicit "none" is a declaration; only items never declared are still to do.
  const undeclared = (menu.data ?? []).filter((item) => item.allergens === null);
  const categoryList = (categories.data ?? []).filter((c) => c.category);
  // Where the dialog's category sends items today (a new category: the default).
  const typedCategory = form.category.trim().toLowerCase();
  const formCategoryStation =
    categoryList.find((c) => c.category === typedCategory)?.station ??
    defaultStationFor(typedCategory);
  // A second item of the same name is allowed (a sample's and the owner's): said, not refused.
  const typedName = form.name.trim().toLowerCase();
  const duplicate = typedName
    ? (menu.data ?? []).find(
        (item) => item.id !== editing?.id && item.name.trim().toLowerCase() === typedName,
      )
    : undefined;

  const term = search.trim().toLowerCase();
  const items = (menu.data ?? []).filter(
    (item) =>
      (category === 'all' || item.category === category) &&
      (!specialsOnly || item.special) &&
      (!hideUnavailable || item.available) &&
      (!term ||
        item.name.toLowerCase().includes(term) ||
        (item.description ?? '').toLowerCase().includes(term) ||
        item.tags.some((t) => t.toLowerCase().includes(term))),
  );
  const columns: Column<ManagerMenuItem>[] = [
    {
      key: 'item',
      header: t('colItem'),
      // The item and its description keep a readable column; the card scrolls instead.
      headerClassName: 'min-w-56',
      cell: (item) => (
        <>
          <p className="font-semibold">
            {item.name} {item.special && <Badge tone="brand">{t('special')}</Badge>}{' '}
            {item.sample && <Badge>{t('sample')}</Badge>}
          </p>
          {item.description && <p className="text-stone-500">{item.description}</p>}
          <p className="text-xs text-stone-500">
            {t('stationOf', { station: stationName(stationFor(item)) })}
            {item.station ? '' : t('fromCategory')}
          </p>
        </>
      ),
    },
    { key: 'category', header: t('colCategory'), cell: (item) => categoryLabel(item.category) },
    {
      key: 'allergens',
      header: t('colAllergens'),
      cell: (item) =>
        item.allergens === null ? (
          <Badge tone="amber">{t('notDeclared')}</Badge>
        ) : (
          <p className="text-xs">
            {item.allergens.length ? allergenNames(item.allergens) : t('none')}
            {item.traces.length > 0 && (
              <span className="block text-stone-500">
                {t('mayContainList', { allergens: allergenNames(item.traces) })}
              </span>
            )}
          </p>
        ),
    },
    {
      key: 'price',
      header: t('colPrice'),
      className: 'tabular-nums',
      cell: (item) => formatMoney(item.price, item.currency as 'EUR'),
    },
    {
      key: 'tags',
      header: t('colTags'),
      cell: (item) => (
        <div className="flex flex-wrap gap-1">
          {item.tags.map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('colStatus'),
      cell: (item) =>
        item.available ? (
          <Badge tone="green">{t('available')}</Badge>
        ) : (
          <Badge tone="red">{t('unavailable')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('colActions'),
      cell: (item) => {
        const busy = locked.has(item.id);
        return (
          <div className="flex items-center gap-1">
            {busy && <Loader2 aria-label={t('working')} className="size-4 animate-spin" />}
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void onToggle(item)}>
              {item.available ? t('disable') : t('enable')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void onSpecial(item)}
              aria-label={
                item.special
                  ? t('removeSpecialFrom', { name: item.name })
                  : t('markSpecial', { name: item.name })
              }
            >
              <Star
                aria-hidden
                className={cn('size-4', item.special && 'fill-amber-400 text-amber-500')}
              />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => openEdit(item)}
              aria-label={t('editItem', { name: item.name })}
            >
              <Pencil aria-hidden className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void onDelete(item)}
              aria-label={t('deleteItem', { name: item.name })}
            >
              <Trash2 aria-hidden className="size-4 text-red-600" />
            </Button>
          </div>
        );
      },
    },
  ];
  const field = (key: keyof FormState) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          aria-label={t('searchItems')}
          placeholder={t('searchItems')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-xs"
        />
        <Button variant="outline" onClick={() => void menu.refetch()} disabled={menu.isFetching}>
          <RefreshCw aria-hidden className={cn('size-4', menu.isFetching && 'animate-spin')} />{' '}
          {t('refresh')}
        </Button>
        {/* Its own box: the Select fills its container, and the filter is as wide as its words. */}
        <div>
          <Select
            aria-label={t('category')}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="w-auto px-3"
          >
            <option value="all">{t('all')}</option>
            {(categories.data ?? [])
              .filter((c) => c.category)
              .map((c) => (
                <option key={c.category} value={c.category}>
                  {categoryLabel(c.category)}
                </option>
              ))}
          </Select>
        </div>
        <Checkbox
          label={t('specialsOnly')}
          checked={specialsOnly}
          onChange={(e) => setSpecialsOnly(e.target.checked)}
        />
        <Checkbox
          label={t('hideUnavailable')}
          checked={hideUnavailable}
          onChange={(e) => setHideUnavailable(e.target.checked)}
        />
        <Button variant="outline" className="ml-auto" onClick={() => setCategoriesOpen(true)}>
          <Tags aria-hidden className="size-4" /> {t('categories')}
        </Button>
        <Button variant="outline" onClick={() => setTranslationsOpen(true)}>
          {t('translations')}
        </Button>
        <Button variant="outline" onClick={() => setImportOpen(true)}>
          <FileSpreadsheet aria-hidden className="size-4" /> {t('importExport')}
        </Button>
        <Button onClick={openCreate}>
          <Plus aria-hidden className="size-4" /> {t('addMenuItem')}
        </Button>
      </div>

      {sampleCount > 0 && (
        <Alert tone="info" className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('samplesOnMenu', { count: sampleCount })}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={removeSamples.isPending}
            onClick={() => void onRemoveSamples()}
          >
            {t('removeSamples')}
          </Button>
        </Alert>
      )}

      {undeclared.length > 0 && (
        <section
          aria-label={t('noDeclaration')}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-semibold">{t('toDoDeclare', { count: undeclared.length })}</p>
          <ul className="mt-2 flex flex-wrap gap-1">
            {undeclared.map((item) => (
              <li key={item.id}>
                <Button size="sm" variant="outline" onClick={() => openEdit(item)}>
                  <Pencil aria-hidden className="size-3" /> {item.name}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {menu.isError && <Alert tone="error">{message(menu.error, t('unableToLoadMenu'))}</Alert>}

      {menu.isPending ? (
        <div className="flex justify-center p-10" role="status" aria-label={t('loadingMenu')}>
          <Loader2 aria-hidden className="size-8 animate-spin text-brand-700" />
        </div>
      ) : (
        <DataTable
          columns={columns}
          rows={items}
          rowKey={(item) => item.id}
          rowBusy={(item) => locked.has(item.id)}
          empty={t('noItems')}
        />
      )}

      <OptionGroupsPanel items={menu.data ?? []} />
      <MenuImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <MenuTranslationsDialog open={translationsOpen} onClose={() => setTranslationsOpen(false)} />

      <Dialog open={categoriesOpen} onOpenChange={setCategoriesOpen} title={t('menuCategories')}>
        <p className="mb-3 text-sm text-stone-600">{t('categoriesHint')}</p>
        {categoryList.length === 0 ? (
          <p className="text-sm text-stone-500">{t('noCategories')}</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {categoryList.map((c) => (
              <li key={c.category} className="flex items-center justify-between gap-3 py-2">
                <span className="font-medium">{categoryLabel(c.category)}</span>
                <Select
                  aria-label={t('stationFor', { category: categoryLabel(c.category) })}
                  value={c.station}
                  disabled={setCategoryStation.isPending}
                  onChange={(e) => void onCategoryStation(c.category, e.target.value)}
                  className="w-auto px-3"
                >
                  {stationOptions.map((station) => (
                    <option key={station.slug} value={station.slug}>
                      {station.name}
                    </option>
                  ))}
                </Select>
              </li>
            ))}
          </ul>
        )}
      </Dialog>

      <Dialog
        open={dialogOpen}
        onOpenChange={onDialogChange}
        title={editing ? t('editMenuItem') : t('addMenuItem')}
      >
        <Form
          className="grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={onSave}
          success={(notice) => notice}
          onSaved={() => onDialogChange(false)}
          errorToast={t('unableToSave')}
          busy={saving}
        >
          <Field label={t('name')} id="mi-name" className="sm:col-span-2">
            <Input
              {...field('name')}
              aria-describedby={duplicate ? 'mi-name-duplicate' : undefined}
            />
            {duplicate && (
              <p id="mi-name-duplicate" role="status" className="text-sm text-amber-800">
                {t(duplicate.sample ? 'duplicateSample' : 'duplicateOther', {
                  name: duplicate.name,
                })}
              </p>
            )}
          </Field>
          <Field label={t('category')} id="mi-category">
            <Input list="mi-categories" {...field('category')} />
            <datalist id="mi-categories">
              {(categories.data ?? []).map((c) => (
                <option key={c.category} value={c.category} />
              ))}
            </datalist>
          </Field>
          <Field label={t('station')} id="mi-station">
            <Select
              value={form.station}
              onChange={(e) => setForm((f) => ({ ...f, station: e.target.value }))}
            >
              <option value="">
                {t('fromCategoryStation', { station: stationName(formCategoryStation) })}
              </option>
              {stationOptions.map((station) => (
                <option key={station.slug} value={station.slug}>
                  {station.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('defaultCourse')} id="mi-course">
            <Select
              value={form.course}
              onChange={(e) => setForm((f) => ({ ...f, course: e.target.value }))}
            >
              <option value="">{t('noDefaultCourse')}</option>
              {courses.map((c) => (
                <option key={c.number} value={String(c.number)}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('price')} id="mi-price">
            <Input type="number" step="0.01" min="0" inputMode="decimal" {...field('price')} />
          </Field>
          <Field label={t('currency')} id="mi-currency">
            <Input {...field('currency')} />
          </Field>
          <Field label={t('preparationTime')} id="mi-prep">
            <Input type="number" min="1" max="480" {...field('preparationTime')} />
          </Field>
          <Field label={t('description')} id="mi-description" className="sm:col-span-2">
            <Input {...field('description')} />
          </Field>
          <Field label={t('imageUrl')} id="mi-image" className="sm:col-span-2">
            <Input type="url" {...field('imageUrl')} />
          </Field>
          <Field label={t('tags')} id="mi-tags" className="sm:col-span-2">
            <Input {...field('tags')} />
          </Field>
          <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3 sm:col-span-2">
            <legend className="px-1 text-sm font-semibold">{t('allergensEu14')}</legend>
            <Checkbox
              label={t('allergensDeclared')}
              checked={form.declared}
              onChange={(e) => setForm((f) => ({ ...f, declared: e.target.checked }))}
            />
            {form.declared ? (
              <AllergenFields
                of={form.name.trim() || t('thisItem')}
                marks={form.marks}
                onChange={(marks) => setForm((f) => ({ ...f, marks }))}
              />
            ) : (
              <p className="text-sm text-amber-900">{t('notDeclaredYet')}</p>
            )}
          </fieldset>
          <fieldset className="rounded-lg border border-stone-200 p-3 sm:col-span-2">
            <legend className="px-1 text-sm font-semibold">{t('diets')}</legend>
            <div className="flex flex-wrap gap-x-4">
              {DIETS.map((d) => (
                <Checkbox
                  key={d}
                  label={dietName(d)}
                  checked={form.diets.includes(d)}
                  onChange={(e) =>
                    setForm((f) => ({
                      ...f,
                      diets: e.target.checked
                        ? DIETS.filter((x) => x === d || f.diets.includes(x))
                        : f.diets.filter((x) => x !== d),
                    }))
                  }
                />
              ))}
            </div>
            <p className="mt-1 text-xs text-stone-500">{t('glutenFreeHint')}</p>
          </fieldset>
          {(
            [
              ['available', t('availableForOrders')],
              ['special', t('markAsSpecial')],
            ] as const
          ).map(([key, label]) => (
            <label
              key={key}
              className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-stone-200 px-3"
            >
              <span className="text-sm font-medium">{label}</span>
              <Switch
                checked={form[key]}
                aria-label={label}
                onCheckedChange={(checked) => setForm((f) => ({ ...f, [key]: checked }))}
              />
            </label>
          ))}
          {formError && (
            <Alert tone="error" className="sm:col-span-2">
              <strong>{formError[0]}</strong>: {formError[1]}
            </Alert>
          )}
          <FormSubmit size="lg" className="sm:col-span-2" pendingText={t('saving')}>
            {t('save')}
          </FormSubmit>
        </Form>
      </Dialog>
    </div>
  );
}
