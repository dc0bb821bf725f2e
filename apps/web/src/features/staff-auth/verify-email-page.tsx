import { authRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlatformBrandMark } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { call } from '@/lib/api-client';
import { t } from './messages';
import { useBrowserLanguage } from './use-browser-language';

const verifyEmail = (token: string) => call(authRoutes.verifyEmail, { body: { token } });

/**
 * Where the link mailed to an account's address lands (/verify-email?token=…): the token is
 * sent once, and the page says whether the address is now verified.
 */
export default function VerifyEmailPage() {
  useBrowserLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useMutation({ mutationFn: verifyEmail });
  // The link works once: never sent twice (React runs effects twice in development).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <PlatformBrandMark logoClassName="h-7" />
          <h1 className="text-2xl font-bold">{t('verifyEmail')}</h1>
          {!token && <Alert tone="error">{t('linkIncomplete')}</Alert>}
          {token && verify.isPending && <p aria-busy="true">{t('checkingLink')}</p>}
          {verify.isSuccess && (
            <Alert tone="success">{t('emailVerified', { email: verify.data.email })}</Alert>
          )}
          {verify.isError && <Alert tone="error">{verify.error.message}</Alert>}
          <Link to="/login" className="inline-block font-semibold text-brand-700 hover:underline">
            {t('goToStaffLogin')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
