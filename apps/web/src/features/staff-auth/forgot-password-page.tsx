import type { PasswordForgotInput } from '@tavola/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PlatformBrandMark } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { apiRequest } from '@/lib/api-client';

const askForReset = (body: PasswordForgotInput) =>
  apiRequest<{ message: string }>('/api/auth/password/forgot', {
    method: 'POST',
    body,
    auth: false,
  });

/**
 * "Forgot password?" from the staff login: a link is mailed to the account's verified address.
 * The answer is the same for every username; staff without an address ask their manager.
 */
export default function ForgotPasswordPage() {
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useMutation({ mutationFn: askForReset });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) {
      setProblem('Please enter your username');
      return;
    }
    setProblem(null);
    ask.mutate({ username: username.trim() });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <PlatformBrandMark logoClassName="h-7" />
          <h1 className="text-2xl font-bold">Forgot password?</h1>
          <p className="text-sm text-stone-600">
            We mail a link to choose a new password to your account&apos;s verified email address.
            No address? Your manager can set a new password for you.
          </p>
          {ask.isSuccess ? (
            <Alert tone="success">{ask.data.message}</Alert>
          ) : (
            <form className="space-y-4" onSubmit={onSubmit} noValidate>
              <div className="space-y-1.5">
                <Label htmlFor="forgot-username">Username</Label>
                <Input
                  id="forgot-username"
                  autoComplete="username"
                  autoCapitalize="none"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  maxLength={64}
                />
              </div>
              {(problem ?? ask.error) && (
                <Alert tone="error">{problem ?? ask.error?.message}</Alert>
              )}
              <Button type="submit" className="w-full" disabled={ask.isPending}>
                Send reset link
              </Button>
            </form>
          )}
          <Link to="/login" className="inline-block font-semibold text-brand-700 hover:underline">
            Back to Staff login
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
