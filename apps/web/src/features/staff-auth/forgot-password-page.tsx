import { type PasswordForgotInput } from '@tavola/contract';
import { authRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlatformBrandMark } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { call } from '@/lib/api-client';
import { t } from './messages';
import { useBrowserLanguage } from './use-browser-language';

const askForReset = (body: PasswordForgotInput) => call(authRoutes.forgotPassword, { body });

/**
 * "Forgot password?" from the staff login: a link is mailed to the account's verified address.
 * The answer is the same for every username; staff without an address ask their manager.
 */
export default function ForgotPasswordPage() {
  useBrowserLanguage();
  const [username, setUsername] = useState('');
  const ask = useMutation({ mutationFn: askForReset });

  const onSubmit = () => {
    if (!username.trim()) refuse(t('enterYourUsername'));
    return ask.mutateAsync({ username: username.trim() });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <PlatformBrandMark logoClassName="h-7" />
          <h1 className="text-2xl font-bold">{t('forgotPassword')}</h1>
          <p className="text-sm text-stone-600">{t('forgotHint')}</p>
          {ask.isSuccess ? (
            <Alert tone="success">{ask.data.message}</Alert>
          ) : (
            <Form className="space-y-4" onSubmit={onSubmit} noValidate>
              <Field label={t('username')} id="forgot-username">
                <Input
                  autoComplete="username"
                  autoCapitalize="none"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  maxLength={64}
                />
              </Field>
              <FormAlert />
              <FormSubmit className="w-full">{t('sendResetLink')}</FormSubmit>
            </Form>
          )}
          <Link to="/login" className="inline-block font-semibold text-brand-700 hover:underline">
            {t('backToStaffLogin')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
