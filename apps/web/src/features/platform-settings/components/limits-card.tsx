import type { PlatformSettings } from '@tavola/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, type Notice } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useUpdatePlatformSettings } from '../api/platform-settings';

export interface LimitField<K extends string> {
  key: K;
  id: string;
  label: string;
  min: number;
  max: number;
}

/**
 * A card of whole-number platform limits saved together: its fields side by side, the save
 * button, the toast once saved and the server's refusal under the fields.
 */
export function LimitsCard<K extends string>({
  title,
  intro,
  fields,
  current,
  change,
  saved,
  submit,
}: {
  title: string;
  intro: ReactNode;
  fields: readonly LimitField<K>[];
  /** The limits as saved now. */
  current: Record<K, number>;
  /** The settings change the typed values make (each screen reads a blank its own way). */
  change: (typed: Record<K, string>) => Partial<PlatformSettings>;
  saved: Notice;
  submit: string;
}) {
  const update = useUpdatePlatformSettings();
  const textOf = () =>
    Object.fromEntries(fields.map((f) => [f.key, String(current[f.key])])) as Record<K, string>;
  const [typed, setTyped] = useState(textOf);
  // A save (here or elsewhere) brings the saved numbers back into the fields.
  const key = fields.map((f) => current[f.key]).join();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setTyped(textOf()), [key]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <p className="text-sm text-stone-600">{intro}</p>
      </CardHeader>
      <CardContent>
        <Form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={() => update.mutateAsync(change(typed))}
          success={saved}
        >
          {fields.map((f) => (
            <Field key={f.key} label={f.label} id={f.id}>
              <Input
                type="number"
                inputMode="numeric"
                min={f.min}
                max={f.max}
                value={typed[f.key]}
                onChange={(e) => setTyped((t) => ({ ...t, [f.key]: e.target.value }))}
              />
            </Field>
          ))}
          <FormAlert className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <FormSubmit>{submit}</FormSubmit>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
