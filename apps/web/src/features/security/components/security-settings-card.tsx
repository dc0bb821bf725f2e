import { securitySettingsInputSchema, SYSTEM_SETTING_LIMITS } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { checkedOrRefuse, Form, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { validate } from '@/lib/validate';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';
import { t } from '../messages';

const { sessionTimeoutHours: TIMEOUT, passwordMinLength: MIN_LENGTH } = SYSTEM_SETTING_LIMITS;

/** Session timeout and password policy: the restaurant's, saved on the server. */
export function SecuritySettingsCard() {
  const { data, isError, error } = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const [timeout, setTimeoutHours] = useState('');
  const [minLength, setMinLength] = useState('');
  useEffect(() => {
    if (data) {
      setTimeoutHours(String(data.sessionTimeoutHours));
      setMinLength(String(data.passwordMinLength));
    }
  }, [data]);

  const onSave = () => {
    const number = (value: string) => (value.trim() ? Number(value) : Number.NaN);
    const body = checkedOrRefuse(
      validate(securitySettingsInputSchema, {
        sessionTimeoutHours: number(timeout),
        passwordMinLength: number(minLength),
      }),
    );
    return update.mutateAsync({ body });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sessionsAndPasswords')}</CardTitle>
        {data && (
          <p className="text-sm text-stone-600">
            {t('currentPolicy', {
              hours: data.sessionTimeoutHours,
              length: data.passwordMinLength,
            })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : t('unableToLoadSettings')}
          </p>
        ) : !data ? (
          <div className="h-28 animate-pulse rounded-lg bg-stone-200" />
        ) : (
          <Form
            className="grid gap-4 sm:grid-cols-2"
            noValidate
            onSubmit={onSave}
            success={{ title: t('settingsSaved') }}
            errorToast={t('unableToSave')}
          >
            {/* No min/max: the browser's own refusal would hide the contract's words. */}
            <Field
              label={t('sessionTimeout')}
              id="security-timeout"
              hint={t('sessionTimeoutHint', { min: TIMEOUT.min, max: TIMEOUT.max })}
            >
              <Input
                type="number"
                step="1"
                value={timeout}
                onChange={(e) => setTimeoutHours(e.target.value)}
              />
            </Field>
            <Field
              label={t('minLength')}
              id="security-min-length"
              hint={t('minLengthHint', { min: MIN_LENGTH.min, max: MIN_LENGTH.max })}
            >
              <Input
                type="number"
                step="1"
                value={minLength}
                onChange={(e) => setMinLength(e.target.value)}
              />
            </Field>
            <div className="sm:col-span-2">
              <FormSubmit>{t('saveSettings')}</FormSubmit>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
