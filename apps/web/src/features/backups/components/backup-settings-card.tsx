import { backupSettingsSchema, SYSTEM_SETTING_LIMITS } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { formatTime } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useBackups } from '../api/get-backups';
import { useUpdateBackupSettings } from '../api/update-backup-settings';

const { backupIntervalHours: INTERVAL, backupKeep: KEEP } = SYSTEM_SETTING_LIMITS;

/** Automatic backups: on or off, every how many hours, how many kept (the contract's bounds). */
export function BackupSettingsCard() {
  const { data } = useBackups();
  const update = useUpdateBackupSettings();
  const [autoBackup, setAutoBackup] = useState(false);
  const [interval, setIntervalHours] = useState('');
  const [keep, setKeep] = useState('');
  const settings = data?.settings;
  useEffect(() => {
    if (settings) {
      setAutoBackup(settings.autoBackup);
      setIntervalHours(String(settings.intervalHours));
      setKeep(String(settings.keep));
    }
  }, [settings]);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const number = (value: string) => (value.trim() ? Number(value) : Number.NaN);
    const checked = validate(backupSettingsSchema, {
      autoBackup,
      intervalHours: number(interval),
      keep: number(keep),
    });
    if (!checked.ok) {
      toast({ title: 'Unable to save', description: checked.error, variant: 'destructive' });
      return;
    }
    try {
      await update.mutateAsync({ body: checked.data });
      toast({ title: 'Backup settings saved' });
    } catch (err) {
      toast({
        title: 'Unable to save',
        description: err instanceof Error ? err.message : 'Please try again',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Automatic backups</CardTitle>
        {settings && (
          <p className="text-sm text-stone-600">
            {settings.autoBackup
              ? `Every ${settings.intervalHours} hour${settings.intervalHours === 1 ? '' : 's'}, the newest ${settings.keep} kept.`
              : 'Off: backups are made only with Create Backup Now.'}
            {data.nextAutoBackupAt &&
              ` Next: ${formatTime(data.nextAutoBackupAt, data.timezone, 'dateTime')}.`}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {!settings ? (
          <div className="h-24 animate-pulse rounded-lg bg-stone-200" />
        ) : (
          <form className="grid gap-4 sm:grid-cols-3" onSubmit={(e) => void onSave(e)} noValidate>
            <div className="flex items-center gap-3 sm:col-span-3">
              <Switch id="backup-auto" checked={autoBackup} onCheckedChange={setAutoBackup} />
              <Label htmlFor="backup-auto">Auto backup</Label>
            </div>
            <div className="space-y-1">
              <Label htmlFor="backup-interval">Every (hours)</Label>
              {/* No min/max: the browser's own refusal would hide the contract's words. */}
              <Input
                id="backup-interval"
                type="number"
                step="1"
                value={interval}
                onChange={(e) => setIntervalHours(e.target.value)}
                aria-describedby="backup-interval-hint"
              />
              <p id="backup-interval-hint" className="text-xs text-stone-500">
                {INTERVAL.min} to {INTERVAL.max} hours.
              </p>
            </div>
            <div className="space-y-1">
              <Label htmlFor="backup-keep">Keep (backups)</Label>
              <Input
                id="backup-keep"
                type="number"
                step="1"
                value={keep}
                onChange={(e) => setKeep(e.target.value)}
                aria-describedby="backup-keep-hint"
              />
              <p id="backup-keep-hint" className="text-xs text-stone-500">
                The newest {KEEP.min} to {KEEP.max} automatic backups are kept; backups made with
                Create Backup Now stay until deleted.
              </p>
            </div>
            <div className="sm:col-span-3">
              <Button type="submit" disabled={update.isPending}>
                Save backup settings
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
