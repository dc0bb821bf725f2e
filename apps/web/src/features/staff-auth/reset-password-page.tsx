import { passwordProblem, type PasswordResetInput } from '@tavola/contract';
import { authRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlatformBrandMark } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { call } from '@/lib/api-client';
import { t } from './messages';
import { useBrowserLanguage } from './use-browser-language';

const resetPassword = (body: PasswordResetInput) => call(authRoutes.resetPassword, { body });

/** Where a password reset link lands (/reset-password?token=…): a new password, once. */
export default function ResetPasswordPage() {
  useBrowserLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const reset = useMutation({ mutationFn: resetPassword });

  const onSubmit = () => {
    // The platform's own rule; the server adds the restaurant's length and its long list.
    const weak = passwordProblem(password);
    if (weak) refuse(weak);
    return reset.mutateAsync({ token, password });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <PlatformBrandMark logoClassName="h-7" />
          <h1 className="text-2xl font-bold">{t('chooseNewPassword')}</h1>
          {reset.isSuccess ? (
            <Alert tone="success">{t('passwordChanged', { username: reset.data.username })}</Alert>
          ) : (
            <Form className="space-y-4" onSubmit={onSubmit} noValidate>
              <Field label={t('newPassword')} id="reset-password" hint={t('newPasswordHint')}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
              <FormAlert />
              <FormSubmit className="w-full" disabled={!token}>
                {t('setNewPassword')}
              </FormSubmit>
            </Form>
          )}
          <Link to="/login" className="inline-block font-semibold text-brand-700 hover:underline">
            {t('goToStaffLogin')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
