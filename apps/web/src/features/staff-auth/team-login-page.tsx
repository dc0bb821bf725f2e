import { DEMO_ACCOUNTS } from '@tavola/contract';
import { BarChart3, Building2, Shield, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PlatformBrandMark, usePlatformBrand } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { login, logout, useSession } from '@/lib/auth';

const TEAM_DEMO = DEMO_ACCOUNTS.find((a) => a.role === 'team');

const FEATURES = [
  {
    icon: Building2,
    title: 'Restaurant management',
    text: 'Onboard, suspend and reactivate tenants.',
  },
  {
    icon: BarChart3,
    title: 'Platform analytics',
    text: 'Revenue, plans and usage across every restaurant.',
  },
  { icon: Sparkles, title: 'White-label', text: 'Brand name, colours and logo for partners.' },
];

export default function TeamLoginPage() {
  const session = useSession();
  // The team's white label.
  const brand = usePlatformBrand();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A restaurant account (its admin too) signed in here: point to the door that is theirs.
  const [wrongDoor, setWrongDoor] = useState(false);
  const [busy, setBusy] = useState(false);

  if (session?.user.role === 'team') return <Navigate to="/team" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Please enter both username and password');
      return;
    }
    setBusy(true);
    setError(null);
    setWrongDoor(false);
    const result = await login(username.trim(), password);
    if (!result.ok) {
      setBusy(false);
      setError('Invalid credentials or insufficient permissions');
      return;
    }
    if (result.user.role !== 'team') {
      // Restaurant staff do not get a session from the team portal.
      await logout();
      setBusy(false);
      setWrongDoor(true);
      setError(
        `This login is for team members only. ${brand.name} restaurant staff sign in at the staff login.`,
      );
      return;
    }
    await navigate('/team', { replace: true });
  };

  return (
    <main className="min-h-screen bg-stone-900 px-4 py-10 text-stone-100" style={brand.style}>
      <div className="mx-auto grid max-w-5xl items-start gap-8 md:grid-cols-2">
        <section className="space-y-6">
          <Link
            to="/"
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-500 hover:underline"
          >
            ← <PlatformBrandMark logoClassName="h-6" />
          </Link>
          <div className="flex items-center gap-3">
            <Shield aria-hidden className="size-10 text-brand-500" />
            <div>
              <h1 className="text-3xl font-bold">Team Portal</h1>
              <p className="text-stone-300">{brand.name} platform operations</p>
            </div>
          </div>
          <ul className="space-y-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-500" />
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="text-sm text-stone-300">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <Card className="text-stone-900">
          <CardContent className="pt-5">
            <Alert tone="info" className="mb-4">
              This portal is for the {brand.name} platform team. Restaurant admins, managers and
              staff sign in at the{' '}
              <Link to="/login" className="font-semibold underline">
                staff login
              </Link>
              .
            </Alert>
            <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
              <Field label="Username" id="team-username">
                <Input
                  autoComplete="username"
                  autoCapitalize="none"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
              </Field>
              <Field label="Password" id="team-password">
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
              {error && (
                <Alert tone="error">
                  {error}
                  {wrongDoor && (
                    <>
                      {' '}
                      <Link to="/login" className="font-semibold underline">
                        Go to the staff login
                      </Link>
                    </>
                  )}
                </Alert>
              )}
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? 'Authenticating...' : 'Access Team Portal'}
              </Button>
              {TEAM_DEMO && (
                <Button
                  variant="outline"
                  className="w-full"
                  onClick={() => {
                    setUsername(TEAM_DEMO.username);
                    setPassword(TEAM_DEMO.password);
                    setError(null);
                  }}
                >
                  Use demo team account ({TEAM_DEMO.username} / {TEAM_DEMO.password})
                </Button>
              )}
            </form>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
