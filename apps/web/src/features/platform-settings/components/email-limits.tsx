import { PLATFORM_DAILY_EMAILS, type PlatformSettings } from '@tavola/contract';
import { LimitsCard } from './limits-card';

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const FIELDS = [
  {
    key: 'paid',
    id: 'platform-daily-emails',
    label: 'Emails a day per restaurant',
    ...PLATFORM_DAILY_EMAILS,
  },
  {
    key: 'trial',
    id: 'platform-trial-daily-emails',
    label: 'Emails a day per trial restaurant',
    ...PLATFORM_DAILY_EMAILS,
  },
] as const;

/**
 * How many emails (reports and recipients' confirmations) each restaurant may send a day, and
 * each restaurant on a free trial: the team's brake on a sign-up used to send mail.
 */
export function EmailLimits({ settings }: { settings: PlatformSettings }) {
  return (
    <LimitsCard
      title="Email limits"
      intro={
        <>
          Emails a restaurant may send a day (UTC): scheduled reports and the one confirmation each
          new recipient gets. Past the limit nothing more is sent that day and the restaurant&apos;s
          email log says why. The Restaurants tab shows what each one sent.
        </>
      }
      fields={FIELDS}
      current={{ paid: settings.dailyEmailLimit, trial: settings.trialDailyEmailLimit }}
      change={(typed) => ({
        dailyEmailLimit: numberOf(typed.paid),
        trialDailyEmailLimit: numberOf(typed.trial),
      })}
      saved={{ title: 'Email limits saved' }}
      submit="Save email limits"
    />
  );
}
