import {
  DEMO_ACCOUNTS,
  DEFAULT_TABLE_TOKEN,
  LOGIN_CHALLENGE_EXPIRED,
  ROLE_HOME,
  RESTAURANT_ROLES,
  type DemoAccount,
} from '@tavola/contract';
import { ChefHat, Coffee, Crown, QrCode, Shield, UserRound, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlatformBrandMark, usePlatformBrand } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { login, loginWithCode, type LoginResult } from '@/lib/auth';
import { roleLabel } from '@/components/shell-messages';
import { takeSignOutReason } from '@/lib/sign-out-reason';
import { signOutReasonText, t } from './messages';
import { useBrowserLanguage } from './use-browser-language';

const ROLE_ICONS = {
  waiter: UserRound,
  kitchen: ChefHat,
  bar: Coffee,
  manager: Users,
  admin: Crown,
  team: Shield,
} as const;

export default function LoginPage() {
  useBrowserLanguage();
  const navigate = useNavigate();
  // The team's white label.
  const brand = usePlatformBrand();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set once the password was right for an account with two-factor sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // Why the last screen ended, when the server ended it (a suspended restaurant…): said once.
  const [signedOut] = useState(takeSignOutReason);

  const fill = (account: DemoAccount) => {
    setUsername(account.username);
    setPassword(account.password);
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('enterBoth'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await login(username.trim(), password);
    setBusy(false);
    if (!result.ok && result.challenge) {
      // The password was right; the account signs in with a code from its app too.
      setChallenge(result.challenge);
      setCode('');
      return;
    }
    await finish(result);
  };

  const onSubmitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    if (!code.trim()) {
      setError(t('enterCode'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await loginWithCode(challenge, code.trim());
    setBusy(false);
    if (!result.ok && result.error === LOGIN_CHALLENGE_EXPIRED) {
      // Too slow: back to the password, saying why.
      setChallenge(null);
      setPassword('');
    }
    if (!result.ok && result.status === 401) {
      setError(result.error ?? t('invalidCode'));
      return;
    }
    await finish(result);
  };

  const finish = async (result: LoginResult) => {
    if (result.ok) {
      await navigate(ROLE_HOME[result.user.role], { replace: true });
      return;
    }
    // Suspended restaurants, deactivated accounts and lockouts get the server's own words.
    const specific = (result.status === 403 || result.status === 429) && result.error;
    setError(specific || t('invalidLogin'));
  };

  const startOver = () => {
    setChallenge(null);
    setCode('');
    setPassword('');
    setError(null);
  };

  return (
    <main
      className="min-h-screen bg-gradient-to-br from-brand-50 via-stone-50 to-amber-50 px-4 py-8"
      style={brand.style}
    >
      <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <div>
            <Link
              to="/"
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
            >
              ← <PlatformBrandMark logoClassName="h-6" />
            </Link>
            <h1 className="mt-2 text-3xl font-bold">{t('staffLogin')}</h1>
            <p className="text-stone-600">{t('signInToDashboard')}</p>
          </div>
          <Card>
            <CardContent className="pt-5">
              {challenge ? (
                <form className="space-y-4" onSubmit={(e) => void onSubmitCode(e)} noValidate>
                  <div>
                    <h2 className="text-lg font-semibold">{t('twoFactor')}</h2>
                    <p className="text-sm text-stone-600">
                      {t('twoFactorHint', { username: username.trim() })}
                    </p>
                  </div>
                  <Field label={t('authCode')} id="two-factor-code">
                    <Input
                      name="code"
                      autoComplete="one-time-code"
                      autoCapitalize="none"
                      spellCheck={false}
                      autoFocus
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      placeholder="123456"
                    />
                  </Field>
                  {error && <Alert tone="error">{error}</Alert>}
                  <Button type="submit" size="lg" className="w-full" disabled={busy}>
                    {busy ? t('verifying') : t('verify')}
                  </Button>
                  <Button variant="ghost" className="w-full" onClick={startOver}>
                    {t('backToSignIn')}
                  </Button>
                </form>
              ) : (
                <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
                  <Field label={t('username')} id="username">
                    <Input
                      name="username"
                      autoComplete="username"
                      autoCapitalize="none"
                      value={username}
                      onChange={(e) => setUsername(e.target.value)}
                      placeholder={t('enterUsername')}
                    />
                  </Field>
                  <Field label={t('password')} id="password">
                    <Input
                      name="password"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      placeholder={t('enterPassword')}
                    />
                  </Field>
                  {signedOut && !error && (
                    <Alert tone="warning">{signOutReasonText(signedOut)}</Alert>
                  )}
                  {error && <Alert tone="error">{error}</Alert>}
                  <Button type="submit" size="lg" className="w-full" disabled={busy}>
                    {busy ? t('signingIn') : t('signIn')}
                  </Button>
                </form>
              )}
              <p className="mt-4 text-sm text-stone-600">
                {t('createdByManager')}{' '}
                <Link
                  to="/forgot-password"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {t('forgotPassword')}
                </Link>
              </p>
              <p className="mt-2 text-sm text-stone-600">
                {t('newRestaurant')}{' '}
                <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
                  {t('startTrial')}
                </Link>
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('demoAccounts')}</CardTitle>
              <p className="text-sm text-stone-600">{t('tapAccount')}</p>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3 sm:grid-cols-2">
                {DEMO_ACCOUNTS.map((account) => {
                  const Icon = ROLE_ICONS[account.role];
                  return (
                    <li key={account.username}>
                      <button
                        type="button"
                        onClick={() => fill(account)}
                        aria-label={t('useDemo', { username: account.username })}
                        className="flex w-full items-start gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-left transition hover:border-brand-500 hover:bg-brand-50"
                      >
                        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                        <span className="min-w-0">
                          <span className="block font-semibold">{roleLabel(account.role)}</span>
                          <span className="block font-mono text-sm text-stone-700">
                            {account.username} / {account.password}
                          </span>
                          <span className="block text-xs text-stone-600">
                            {account.description === t.en[`roleDesc_${account.role}`]
                              ? t(`roleDesc_${account.role}`)
                              : account.description}
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('systemRoles')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3">
                {RESTAURANT_ROLES.map((role) => {
                  const Icon = ROLE_ICONS[role];
                  return (
                    <li key={role} className="flex gap-3">
                      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-500" />
                      <div>
                        <p className="font-semibold">{roleLabel(role)}</p>
                        <p className="text-sm text-stone-600">{t(`roleDesc_${role}`)}</p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="flex flex-col gap-3 pt-5">
              <Link
                to={`/order?token=${DEFAULT_TABLE_TOKEN}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 font-semibold hover:bg-stone-100"
              >
                <QrCode aria-hidden className="size-5" /> {t('customerDemo')}
              </Link>
              <Link
                to="/team/login"
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 font-semibold hover:bg-stone-100"
              >
                <Shield aria-hidden className="size-5" /> {t('teamLogin')}
              </Link>
            </CardContent>
          </Card>
        </div>
      </div>
    </main>
  );
}
