import { TEAM_TWO_FACTOR_REQUIRED } from '@tavola/contract';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { refreshProfile } from '@/lib/auth';
import { refusalMessage } from '@/lib/refusals';
import { t } from '../messages';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * The only screen of an account the team requires two-factor sign-in of until it has set it up.
 * Once the recovery codes are put away, the profile is read again and the console opens.
 */
export function TwoFactorEnrolment() {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>{t('setUp')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Alert tone="warning">
          {refusalMessage('TEAM_TWO_FACTOR_REQUIRED', {}, TEAM_TWO_FACTOR_REQUIRED)}
        </Alert>
        <TwoFactorPanel onSaved={() => void refreshProfile()} />
      </CardContent>
    </Card>
  );
}
