import { PLATFORM_DAILY_EMAILS, type PlatformSettings } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUpdatePlatformSettings } from '../api/platform-settings';

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * How many emails (reports and recipients' confirmations) each restaurant may send a day, and
 * each restaurant on a free trial: the team's brake on a sign-up used to send mail.
 */
export function EmailLimits({ settings }: { settings: PlatformSettings }) {
  const update = useUpdatePlatformSettings();
  const [paid, setPaid] = useState(String(settings.dailyEmailLimit));
  const [trial, setTrial] = useState(String(settings.trialDailyEmailLimit));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setPaid(String(settings.dailyEmailLimit));
    setTrial(String(settings.trialDailyEmailLimit));
  }, [settings.dailyEmailLimit, settings.trialDailyEmailLimit]);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await update.mutateAsync({
        dailyEmailLimit: numberOf(paid),
        trialDailyEmailLimit: numberOf(trial),
      });
      toast({ title: 'Email limits saved' });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Please try again');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email limits</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onSave(e)} noValidate>
          <p className="text-sm text-stone-600 sm:col-span-2">
            Emails a restaurant may send a day (UTC): scheduled reports and the one confirmation
            each new recipient gets. Past the limit nothing more is sent that day and the
            restaurant&apos;s email log says why. The Restaurants tab shows what each one sent.
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="platform-daily-emails">Emails a day per restaurant</Label>
            <Input
              id="platform-daily-emails"
              type="number"
              inputMode="numeric"
              min={PLATFORM_DAILY_EMAILS.min}
              max={PLATFORM_DAILY_EMAILS.max}
              value={paid}
              onChange={(e) => setPaid(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="platform-trial-daily-emails">Emails a day per trial restaurant</Label>
            <Input
              id="platform-trial-daily-emails"
              type="number"
              inputMode="numeric"
              min={PLATFORM_DAILY_EMAILS.min}
              max={PLATFORM_DAILY_EMAILS.max}
              value={trial}
              onChange={(e) => setTrial(e.target.value)}
            />
          </div>
          {problem && (
            <Alert tone="error" className="sm:col-span-2">
              {problem}
            </Alert>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              Save email limits
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
