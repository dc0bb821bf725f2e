import { STATION_SLUG_PATTERN, type StationKind, type StationRow } from '@tavola/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useStations } from '../api/get-stations';
import { t } from '../messages';
import { CoursesCard } from './courses-card';
import { useCreateStation, useDeactivateStation, useUpdateStation } from '../api/save-station';

/** Where a station's display is: the spec's own screens for kitchen and bar. */
export function stationDisplayPath(slug: string): string {
  return slug === 'kitchen' || slug === 'bar' ? `/${slug}` : `/station/${slug}`;
}

/** "Pizza oven" → "pizza-oven": the slug a name suggests. */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 30);
}

const kindLabel = (kind: StationKind) => t(`kind_${kind}`);

function AddStationForm() {
  const create = useCreateStation();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [kind, setKind] = useState<StationKind>('kitchen');
  const [minutes, setMinutes] = useState('');
  const effectiveSlug = slug || slugOf(name);
  return (
    <Form
      aria-label={t('addStation')}
      className="grid gap-3 sm:grid-cols-[2fr_2fr_1.5fr_1fr_auto] sm:items-end"
      onSubmit={() => {
        if (!name.trim()) refuse(t('nameTheStation'), t('missingInformation'));
        if (!STATION_SLUG_PATTERN.test(effectiveSlug)) refuse(t('slugRule'), t('invalidAddress'));
        const estimate = minutes.trim() ? Number(minutes) : null;
        return create.mutateAsync({
          name: name.trim(),
          slug: effectiveSlug,
          kind,
          ...(estimate ? { ticketMinutes: estimate } : {}),
        });
      }}
      success={(s) => ({
        title: t('stationAdded'),
        description: t('ownDisplay', { name: s.name }),
      })}
      onSaved={() => {
        setName('');
        setSlug('');
        setMinutes('');
      }}
    >
      <Field label={t('name')} id="station-name">
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('namePlaceholder')}
        />
      </Field>
      <Field
        label={t('displayAddress')}
        id="station-slug"
        hint={`/station/${effectiveSlug || '…'}`}
      >
        <Input
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          placeholder={slugOf(name) || 'grill'}
        />
      </Field>
      <Field label={t('workedBy')} id="station-kind">
        <Select value={kind} onChange={(e) => setKind(e.target.value as StationKind)}>
          <option value="kitchen">{kindLabel('kitchen')}</option>
          <option value="bar">{kindLabel('bar')}</option>
        </Select>
      </Field>
      <Field label={t('estimateMinutes')} id="station-minutes">
        <Input
          type="number"
          min={1}
          max={480}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </Field>
      <FormSubmit pendingText={t('adding')}>{t('addStation')}</FormSubmit>
      <FormAlert className="sm:col-span-5" />
    </Form>
  );
}

/**
 * The manager's stations: kitchen and bar, and those added (grill, pizza…), each with its
 * display. Categories and items are routed to them from the menu.
 */
export function StationsTab() {
  const { data, isPending } = useStations();
  const update = useUpdateStation();
  const deactivate = useDeactivateStation();
  const busy = update.isPending || deactivate.isPending;
  const columns: Column<StationRow>[] = [
    { key: 'name', header: t('station'), rowHeader: true, cell: (s) => s.name },
    {
      key: 'display',
      header: t('display'),
      cell: (s) => (
        <Link className="font-medium text-brand-700 underline" to={stationDisplayPath(s.slug)}>
          {stationDisplayPath(s.slug)}
        </Link>
      ),
    },
    { key: 'kind', header: t('workedBy'), cell: (s) => kindLabel(s.kind) },
    {
      key: 'estimate',
      header: t('estimate'),
      cell: (s) => (s.ticketMinutes ? t('minutes', { minutes: s.ticketMinutes }) : t('default')),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (s) =>
        s.active ? (
          <Badge tone="green">{t('active')}</Badge>
        ) : (
          <Badge tone="neutral">{t('inactive')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: t('actions'),
      srOnlyHeader: true,
      cell: (s) =>
        s.builtIn ? null : s.active ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t('deactivateName', { name: s.name })}
            onClick={() =>
              void runSave(() => deactivate.mutateAsync(s.id), {
                success: { title: t('stationDeactivated'), description: s.name },
                failure: t('unableToUpdate'),
              })
            }
          >
            {t('deactivate')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={t('activateName', { name: s.name })}
            onClick={() =>
              void runSave(() => update.mutateAsync({ id: s.id, body: { active: true } }), {
                success: { title: t('stationActivated'), description: s.name },
                failure: t('unableToUpdate'),
              })
            }
          >
            {t('activate')}
          </Button>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold">{t('addAStation')}</h2>
        <AddStationForm />
      </Card>
      <DataTable
        label={t('stations')}
        columns={columns}
        rows={data}
        rowKey={(s) => s.id}
        loading={isPending}
        empty={t('noStations')}
      />
      <p className="text-sm text-stone-600">{t('routingHint')}</p>
      <CoursesCard />
    </div>
  );
}
