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

const KIND_LABELS: Record<StationKind, string> = {
  kitchen: 'Kitchen staff',
  bar: 'Bar staff',
};

function AddStationForm() {
  const create = useCreateStation();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [kind, setKind] = useState<StationKind>('kitchen');
  const [minutes, setMinutes] = useState('');
  const effectiveSlug = slug || slugOf(name);
  return (
    <Form
      aria-label="Add station"
      className="grid gap-3 sm:grid-cols-[2fr_2fr_1.5fr_1fr_auto] sm:items-end"
      onSubmit={() => {
        if (!name.trim()) refuse('Name the station', 'Missing information');
        if (!STATION_SLUG_PATTERN.test(effectiveSlug))
          refuse(
            'The display address uses lowercase letters, digits and dashes',
            'Invalid address',
          );
        const estimate = minutes.trim() ? Number(minutes) : null;
        return create.mutateAsync({
          name: name.trim(),
          slug: effectiveSlug,
          kind,
          ...(estimate ? { ticketMinutes: estimate } : {}),
        });
      }}
      success={(s) => ({ title: 'Station added', description: `${s.name} has its own display` })}
      onSaved={() => {
        setName('');
        setSlug('');
        setMinutes('');
      }}
    >
      <Field label="Name" id="station-name">
        <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Grill" />
      </Field>
      <Field label="Display address" id="station-slug" hint={`/station/${effectiveSlug || '…'}`}>
        <Input
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          placeholder={slugOf(name) || 'grill'}
        />
      </Field>
      <Field label="Worked by" id="station-kind">
        <Select value={kind} onChange={(e) => setKind(e.target.value as StationKind)}>
          <option value="kitchen">{KIND_LABELS.kitchen}</option>
          <option value="bar">{KIND_LABELS.bar}</option>
        </Select>
      </Field>
      <Field label="Estimate (min)" id="station-minutes">
        <Input
          type="number"
          min={1}
          max={480}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </Field>
      <FormSubmit pendingText="Adding…">Add station</FormSubmit>
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
    { key: 'name', header: 'Station', rowHeader: true, cell: (s) => s.name },
    {
      key: 'display',
      header: 'Display',
      cell: (s) => (
        <Link className="font-medium text-brand-700 underline" to={stationDisplayPath(s.slug)}>
          {stationDisplayPath(s.slug)}
        </Link>
      ),
    },
    { key: 'kind', header: 'Worked by', cell: (s) => KIND_LABELS[s.kind] },
    {
      key: 'estimate',
      header: 'Estimate',
      cell: (s) => (s.ticketMinutes ? `${s.ticketMinutes} min` : 'Default'),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (s) =>
        s.active ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (s) =>
        s.builtIn ? null : s.active ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Deactivate ${s.name}`}
            onClick={() =>
              void runSave(() => deactivate.mutateAsync(s.id), {
                success: { title: 'Station deactivated', description: s.name },
                failure: 'Unable to update',
              })
            }
          >
            Deactivate
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Activate ${s.name}`}
            onClick={() =>
              void runSave(() => update.mutateAsync({ id: s.id, body: { active: true } }), {
                success: { title: 'Station activated', description: s.name },
                failure: 'Unable to update',
              })
            }
          >
            Activate
          </Button>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold">Add a station</h2>
        <AddStationForm />
      </Card>
      <DataTable
        label="Stations"
        columns={columns}
        rows={data}
        rowKey={(s) => s.id}
        loading={isPending}
        empty="No stations"
      />
      <p className="text-sm text-stone-600">
        Send a category or a single item to a station from the Items section: an item&apos;s own
        station beats its category&apos;s.
      </p>
      <CoursesCard />
    </div>
  );
}
