import { type PlatformSettings } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useUpdatePlatformSettings } from '../api/platform-settings';

const linesOf = (names: readonly string[]) => names.join('\n');

/**
 * The names a sign-up or a new staff account may not take (nor any look-alike spelling), one a
 * line. The brand's name with "support" and such, and the demo restaurant's, are always reserved.
 */
export function ReservedNamesCard({ settings }: { settings: PlatformSettings }) {
  const update = useUpdatePlatformSettings();
  const [text, setText] = useState(() => linesOf(settings.reservedNames));
  useEffect(() => setText(linesOf(settings.reservedNames)), [settings.reservedNames]);

  // "Restore defaults" sends null: the platform's own list again.
  const names = (action: string | undefined) =>
    action === 'restore'
      ? null
      : text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reserved names</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          className="space-y-3"
          noValidate
          onSubmit={(action) => update.mutateAsync({ reservedNames: names(action) })}
          success={{ title: 'Reserved names saved' }}
        >
          <p className="text-sm text-stone-600">
            Sign-ups and new staff accounts cannot use these as a username or restaurant name, nor a
            look-alike spelling (capitals, spaces, accents, 0 for o, 1 for l, letters from other
            alphabets). The brand&apos;s name, alone or with &quot;support&quot; or
            &quot;team&quot;, and the demo restaurant&apos;s name are always reserved.
          </p>
          <Field label="Reserved names (one a line)" id="platform-reserved-names">
            <Textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={6}
              className="font-mono text-sm"
            />
          </Field>
          <FormAlert />
          <div className="flex flex-wrap justify-end gap-2">
            <FormSubmit variant="outline" action="restore">
              Restore defaults
            </FormSubmit>
            <FormSubmit>Save reserved names</FormSubmit>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
