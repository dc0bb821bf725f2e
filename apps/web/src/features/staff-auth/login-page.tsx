import {
  DEMO_ACCOUNTS,
  DEFAULT_TABLE_TOKEN,
  LOGIN_CHALLENGE_EXPIRED,
  ROLE_DESCRIPTIONS,
  ROLE_HOME,
  ROLE_LABELS,
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
import { takeSignOutReason } from '@/lib/sign-out-reason';

const ROLE_ICONS = {
  waiter: UserRound,
  kitchen: ChefHat,
  bar: Coffee,
  manager: Users,
  admin: Crown,
  team: Shield,
} as const;

export default function LoginPage() {
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
      setError('Please enter both username and password');
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
      setError('Enter the code from your authenticator app');
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
      setError(result.error ?? 'Invalid two-factor code');
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
    setError(specific || 'Invalid username or password');
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
            <h1 className="mt-2 text-3xl font-bold">Staff Login</h1>
            <p className="text-stone-600">Sign in to your restaurant dashboard.</p>
          </div>
          <Card>
            <CardContent className="pt-5">
              {challenge ? (
                <form className="space-y-4" onSubmit={(e) => void onSubmitCode(e)} noValidate>
                  <div>
                    <h2 className="text-lg font-semibold">Two-factor authentication</h2>
                    <p className="text-sm text-stone-600">
                      Enter the 6-digit code from your authenticator app for {username.trim()}, or
                      one of your recovery codes.
                    </p>
                  </div>
                  <Field label="Authentication code" id="two-factor-code">
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
                    {busy ? 'Verifying...' : 'Verify'}
                  </Button>
                  <Button variant="ghost" className="w-full" onClick={startOver}>
                    Back to sign in
                  </Button>
                </form>
              ) : (
                <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
                  <Field label="Username" id="username">
                    <Input
                      name="username"
                      autoComplete="username"
                      autoCapitalize="none"
                      value={username}
                      onChange={(e) => setUsername(e.target.value)}
                      placeholder="Enter your username"
                    />
                  </Field>
                  <Field label="Password" id="password">
                    <Input
                      name="password"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      placeholder="Enter your password"
                    />
                  </Field>
                  {signedOut && !error && <Alert tone="warning">{signedOut}</Alert>}
                  {error && <Alert tone="error">{error}</Alert>}
                  <Button type="submit" size="lg" className="w-full" disabled={busy}>
                    {busy ? 'Signing in...' : 'Sign In'}
                  </Button>
                </form>
              )}
              <p className="mt-4 text-sm text-stone-600">
                Staff accounts are created by the manager.{' '}
                <Link
                  to="/forgot-password"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Forgot password?
                </Link>
              </p>
              <p className="mt-2 text-sm text-stone-600">
                New restaurant?{' '}
                <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
                  Start free trial
                </Link>
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Demo Accounts</CardTitle>
              <p className="text-sm text-stone-600">Tap an account to fill in its credentials.</p>
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
                        aria-label={`Use demo account ${account.username}`}
                        className="flex w-full items-start gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-left transition hover:border-brand-500 hover:bg-brand-50"
                      >
                        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                        <span className="min-w-0">
                          <span className="block font-semibold">{ROLE_LABELS[account.role]}</span>
                          <span className="block font-mono text-sm text-stone-700">
                            {account.username} / {account.password}
                          </span>
                          <span className="block text-xs text-stone-600">
                            {account.description}
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
              <CardTitle>System Roles</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3">
                {RESTAURANT_ROLES.map((role) => {
                  const Icon = ROLE_ICONS[role];
                  return (
                    <li key={role} className="flex gap-3">
                      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-500" />
                      <div>
                        <p className="font-semibold">{ROLE_LABELS[role]}</p>
                        <p className="text-sm text-stone-600">{ROLE_DESCRIPTIONS[role]}</p>
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
                <QrCode aria-hidden className="size-5" /> Customer Demo
              </Link>
              <Link
                to="/team/login"
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 font-semibold hover:bg-stone-100"
              >
                <Shield aria-hidden className="size-5" /> Platform team login
              </Link>
            </CardContent>
          </Card>
        </div>
      </div>
    </main>
  );
}
