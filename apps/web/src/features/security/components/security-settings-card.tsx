import { securitySettingsInputSchema, SYSTEM_SETTING_LIMITS } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { validate } from '@/lib/validate';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';

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

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const number = (value: string) => (value.trim() ? Number(value) : Number.NaN);
    const checked = validate(securitySettingsInputSchema, {
      sessionTimeoutHours: number(timeout),
      passwordMinLength: number(minLength),
    });
    if (!checked.ok) {
      toast({ title: 'Unable to save', description: checked.error, variant: 'destructive' });
      return;
    }
    try {
      await update.mutateAsync({ body: checked.data });
      toast({ title: 'Security settings saved' });
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
        <CardTitle>Sessions and passwords</CardTitle>
        {data && (
          <p className="text-sm text-stone-600">
            Session timeout: {data.sessionTimeoutHours} hour
            {data.sessionTimeoutHours === 1 ? '' : 's'} · Minimum password length:{' '}
            {data.passwordMinLength} characters
          </p>
        )}
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="text-sm text-red-700">
            {error instanceof Error ? error.message : 'Unable to load the settings'}
          </p>
        ) : !data ? (
          <div className="h-28 animate-pulse rounded-lg bg-stone-200" />
        ) : (
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onSave(e)} noValidate>
            <div className="space-y-1">
              <Label htmlFor="security-timeout">Session timeout (hours)</Label>
              {/* No min/max: the browser's own refusal would hide the contract's words. */}
              <Input
                id="security-timeout"
                type="number"
                step="1"
                value={timeout}
                onChange={(e) => setTimeoutHours(e.target.value)}
                aria-describedby="security-timeout-hint"
              />
              <p id="security-timeout-hint" className="text-xs text-stone-500">
                How long a sign-in lasts ({TIMEOUT.min} to {TIMEOUT.max} hours). A change applies to
                sign-ins from now on; sessions already open keep their end.
              </p>
            </div>
            <div className="space-y-1">
              <Label htmlFor="security-min-length">Minimum password length</Label>
              <Input
                id="security-min-length"
                type="number"
                step="1"
                value={minLength}
                onChange={(e) => setMinLength(e.target.value)}
                aria-describedby="security-min-length-hint"
              />
              <p id="security-min-length-hint" className="text-xs text-stone-500">
                {MIN_LENGTH.min} to {MIN_LENGTH.max} characters. New and reset passwords must also
                differ from the username and not be one of the 10,000 most common passwords.
              </p>
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={update.isPending}>
                Save security settings
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
