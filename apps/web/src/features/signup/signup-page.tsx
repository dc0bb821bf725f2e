import { passwordProblem, planById, ROLE_HOME } from '@tavola/contract';
import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlatformBrandMark, usePlatformBrand } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useSignUp } from './api/sign-up';

const STARTER = planById('starter');

/** The device's own time zone, for the new restaurant's clock (changeable later in Settings). */
function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Self-serve sign-up (the landing page's and the login page's "Start free trial"): a Starter
 * Feast restaurant on its free trial, the owner as its administrator, signed in at once.
 */
export default function SignupPage() {
  const navigate = useNavigate();
  // The team's white label (issue 14, item 8).
  const brand = usePlatformBrand();
  const signUp = useSignUp();
  const [form, setForm] = useState({
    restaurantName: '',
    ownerName: '',
    username: '',
    password: '',
    sampleMenu: true,
  });
  const [problem, setProblem] = useState<string | null>(null);

  const field =
    (name: 'restaurantName' | 'ownerName' | 'username' | 'password') =>
    (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.restaurantName.trim() || !form.ownerName.trim() || !form.username.trim()) {
      setProblem("Please enter the restaurant's name, your name and a username");
      return;
    }
    // The server's own rule (it adds its long list of common passwords).
    const weak = passwordProblem(form.password, { username: form.username });
    if (weak) {
      setProblem(weak);
      return;
    }
    setProblem(null);
    const timezone = deviceTimeZone();
    try {
      const result = await signUp.mutateAsync({
        restaurantName: form.restaurantName.trim(),
        ownerName: form.ownerName.trim(),
        username: form.username.trim(),
        password: form.password,
        sampleMenu: form.sampleMenu,
        ...(timezone ? { timezone } : {}),
      });
      await navigate(ROLE_HOME[result.user.role], { replace: true });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Sign-up failed, please try again');
    }
  };

  return (
    <main
      className="min-h-screen bg-gradient-to-br from-brand-50 via-stone-50 to-amber-50 px-4 py-8"
      style={brand.style}
    >
      <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="space-y-6">
          <div>
            <Link
              to="/"
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
            >
              ← <PlatformBrandMark logoClassName="h-6" />
            </Link>
            <h1 className="mt-2 text-3xl font-bold">Start your free trial</h1>
            <p className="text-stone-600">
              Your restaurant on {brand.name} in a minute. You will be its administrator.
            </p>
          </div>
          <Card>
            <CardContent className="pt-5">
              <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
                <div className="space-y-1.5">
                  <Label htmlFor="su-restaurant">Restaurant name</Label>
                  <Input
                    id="su-restaurant"
                    autoComplete="organization"
                    value={form.restaurantName}
                    onChange={field('restaurantName')}
                    maxLength={120}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="su-owner">Your name</Label>
                  <Input
                    id="su-owner"
                    autoComplete="name"
                    value={form.ownerName}
                    onChange={field('ownerName')}
                    maxLength={100}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="su-username">Username</Label>
                  <Input
                    id="su-username"
                    autoComplete="username"
                    autoCapitalize="none"
                    value={form.username}
                    onChange={field('username')}
                    maxLength={40}
                  />
                  <p className="text-xs text-stone-500">
                    Letters, digits, dot, dash and underscore; you sign in with it.
                  </p>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="su-password">Password</Label>
                  <Input
                    id="su-password"
                    type="password"
                    autoComplete="new-password"
                    value={form.password}
                    onChange={field('password')}
                  />
                  <p className="text-xs text-stone-500">
                    At least 8 characters, not a common word or one repeated.
                  </p>
                </div>
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={form.sampleMenu}
                    onChange={(e) => setForm((f) => ({ ...f, sampleMenu: e.target.checked }))}
                  />
                  Start with a sample menu to edit
                </label>
                {problem && <Alert tone="error">{problem}</Alert>}
                <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
                  {signUp.isPending ? 'Creating your restaurant...' : 'Start free trial'}
                </Button>
              </form>
              <p className="mt-4 text-sm text-stone-600">
                Already on {brand.name}?{' '}
                <Link to="/login" className="font-semibold text-brand-700 hover:underline">
                  Staff login
                </Link>
              </p>
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit">
          <CardContent className="space-y-3 pt-5">
            <h2 className="text-lg font-semibold">{STARTER.name}</h2>
            <p className="text-2xl font-black">
              EUR 0 <span className="text-base font-medium text-stone-600">free trial</span>
            </p>
            <ul className="space-y-2 text-sm text-stone-700">
              {STARTER.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
            <p className="text-xs text-stone-500">
              When the trial ends, choose a plan to keep taking orders.
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
