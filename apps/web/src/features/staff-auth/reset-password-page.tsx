import { passwordProblem, type PasswordResetInput } from '@tavola/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlatformBrandMark } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { apiRequest } from '@/lib/api-client';

const resetPassword = (body: PasswordResetInput) =>
  apiRequest<{ username: string }>('/api/auth/password/reset', {
    method: 'POST',
    body,
    auth: false,
  });

/** Where a password reset link lands (/reset-password?token=…): a new password, once. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: resetPassword });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The platform's own rule; the server adds the restaurant's length and its long list.
    const weak = passwordProblem(password);
    if (weak) {
      setProblem(weak);
      return;
    }
    setProblem(null);
    reset.mutate({ token, password });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <PlatformBrandMark logoClassName="h-7" />
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          {reset.isSuccess ? (
            <Alert tone="success">
              Your password is changed. Sign in as {reset.data.username} with the new password;
              every other sign-in of your account has ended.
            </Alert>
          ) : (
            <form className="space-y-4" onSubmit={onSubmit} noValidate>
              <div className="space-y-1.5">
                <Label htmlFor="reset-password">New password</Label>
                <Input
                  id="reset-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <p className="text-xs text-stone-500">
                  At least 8 characters, not a common word or one repeated.
                </p>
              </div>
              {(problem ?? reset.error) && (
                <Alert tone="error">{problem ?? reset.error?.message}</Alert>
              )}
              <Button type="submit" className="w-full" disabled={reset.isPending || !token}>
                Set new password
              </Button>
            </form>
          )}
          <Link to="/login" className="inline-block font-semibold text-brand-700 hover:underline">
            Go to Staff login
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
