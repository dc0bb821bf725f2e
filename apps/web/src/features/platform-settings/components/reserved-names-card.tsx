import { type PlatformSettings } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUpdatePlatformSettings } from '../api/platform-settings';

const linesOf = (names: readonly string[]) => names.join('\n');

/**
 * The names a sign-up or a new staff account may not take (nor any look-alike spelling), one a
 * line. The brand's name with "support" and such, and the demo restaurant's, are always reserved.
 */
export function ReservedNamesCard({ settings }: { settings: PlatformSettings }) {
  const update = useUpdatePlatformSettings();
  const [text, setText] = useState(() => linesOf(settings.reservedNames));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(linesOf(settings.reservedNames)), [settings.reservedNames]);

  const save = async (reservedNames: string[] | null) => {
    setProblem(null);
    try {
      await update.mutateAsync({ reservedNames });
      toast({ title: 'Reserved names saved' });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Please try again');
    }
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const names = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    void save(names);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reserved names</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-3" onSubmit={onSave} noValidate>
          <p className="text-sm text-stone-600">
            Sign-ups and new staff accounts cannot use these as a username or restaurant name, nor a
            look-alike spelling (capitals, spaces, accents, 0 for o, 1 for l, letters from other
            alphabets). The brand&apos;s name, alone or with &quot;support&quot; or
            &quot;team&quot;, and the demo restaurant&apos;s name are always reserved.
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="platform-reserved-names">Reserved names (one a line)</Label>
            <textarea
              id="platform-reserved-names"
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={6}
              className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </div>
          {problem && <Alert tone="error">{problem}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={update.isPending}
              onClick={() => void save(null)}
            >
              Restore defaults
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save reserved names
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
