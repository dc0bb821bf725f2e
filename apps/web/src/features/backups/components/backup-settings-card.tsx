import { backupSettingsSchema, SYSTEM_SETTING_LIMITS } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { formatTime } from '@/lib/format';
import { validate } from '@/lib/validate';
import { useBackups } from '../api/get-backups';
import { useUpdateBackupSettings } from '../api/update-backup-settings';
import { t } from '../messages';

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

  const onSave = () => {
    const number = (value: string) => (value.trim() ? Number(value) : Number.NaN);
    const body = checkedOrRefuse(
      validate(backupSettingsSchema, {
        autoBackup,
        intervalHours: number(interval),
        keep: number(keep),
      }),
    );
    return update.mutateAsync({ body });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('automaticBackups')}</CardTitle>
        {settings && (
          <p className="text-sm text-stone-600">
            {settings.autoBackup
              ? t('everyHours', { hours: settings.intervalHours, keep: settings.keep })
              : t('off')}
            {data.nextAutoBackupAt &&
              t('next', { time: formatTime(data.nextAutoBackupAt, data.timezone, 'dateTime') })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {!settings ? (
          <div className="h-24 animate-pulse rounded-lg bg-stone-200" />
        ) : (
          <Form
            className="grid gap-4 sm:grid-cols-3"
            noValidate
            onSubmit={onSave}
            success={{ title: t('settingsSaved') }}
            errorToast={t('unableToSave')}
          >
            <Field
              layout="inline"
              label={t('autoBackup')}
              id="backup-auto"
              className="items-center sm:col-span-3"
            >
              <Switch checked={autoBackup} onCheckedChange={setAutoBackup} />
            </Field>
            {/* No min/max: the browser's own refusal would hide the contract's words. */}
            <Field
              label={t('every')}
              id="backup-interval"
              hint={t('everyHint', { min: INTERVAL.min, max: INTERVAL.max })}
            >
              <Input
                type="number"
                step="1"
                value={interval}
                onChange={(e) => setIntervalHours(e.target.value)}
              />
            </Field>
            <Field
              label={t('keep')}
              id="backup-keep"
              hint={t('keepHint', { min: KEEP.min, max: KEEP.max })}
            >
              <Input
                type="number"
                step="1"
                value={keep}
                onChange={(e) => setKeep(e.target.value)}
              />
            </Field>
            <div className="sm:col-span-3">
              <FormSubmit>{t('saveSettings')}</FormSubmit>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
