import { AccountEmailCard } from './account-email-card';
import { ActiveSessionsCard } from './active-sessions-card';
import { LoginFailuresCard } from './login-failures-card';
import { SecuritySettingsCard } from './security-settings-card';
import { TwoFactorCard } from './two-factor-card';

/**
 * The admin panel's Security tab: session timeout and password policy, the
 * admin's own two-factor sign-in, who is signed in now, and recent failed sign-ins.
 */
export function SecurityTab() {
  return (
    <div className="space-y-6">
      <SecuritySettingsCard />
      <AccountEmailCard />
      <TwoFactorCard />
      <ActiveSessionsCard />
      <LoginFailuresCard />
    </div>
  );
}
