import type { EmailVerificationOutcome } from '@tavola/contract';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useAccountEmail, useUpdateAccountEmail } from '../api/account-email';
import { t } from '../messages';

/**
 * The admin's own email address (given at sign-up): for password recovery and trial reminders,
 * used once verified by the link mailed to it.
 */
export function AccountEmailCard() {
  const { data, isError, error } = useAccountEmail();
  const update = useUpdateAccountEmail();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  useEffect(() => setEmail(data?.email ?? ''), [data?.email]);

  // What the server did with the address: a link sent, or why none could be.
  const onSaved = ({ verification }: { verification?: EmailVerificationOutcome | null }) =>
    setMessage(
      verification
        ? {
            tone: verification === 'sent' ? 'info' : 'error',
            text: t(`verification_${verification}`),
          }
        : null,
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('yourEmail')}</CardTitle>
        <p className="text-sm text-stone-600">{t('yourEmailHint')}</p>
      </CardHeader>
      <CardContent className="space-y-3">
        {isError && <Alert tone="error">{error.message}</Alert>}
        {data && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {data.email ? (
              <>
                <span className="font-medium break-all">{data.email}</span>
                {data.verified ? (
                  <Badge tone="green">{t('verified')}</Badge>
                ) : (
                  <Badge tone="amber">{t('notVerified')}</Badge>
                )}
              </>
            ) : (
              <span className="text-stone-600">{t('noEmail')}</span>
            )}
          </p>
        )}
        {data && !data.mailAvailable && (
          <Alert tone="warning">{t('verification_mail_unavailable')}</Alert>
        )}
        <Form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={() => {
            setMessage(null);
            return update.mutateAsync({ email: email.trim() });
          }}
          onSaved={onSaved}
        >
          <Field label={t('emailAddress')} id="account-email" className="min-w-56 flex-1">
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              maxLength={254}
            />
          </Field>
          <FormSubmit>
            {data?.email && data.email === email.trim().toLowerCase() && !data.verified
              ? t('sendVerification')
              : t('saveEmail')}
          </FormSubmit>
          <FormAlert className="basis-full" />
        </Form>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </CardContent>
    </Card>
  );
}
