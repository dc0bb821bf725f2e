import { EMAIL_VERIFICATION_MESSAGES } from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useAccountEmail, useUpdateAccountEmail } from '../api/account-email';

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

  const send = async (address: string) => {
    setMessage(null);
    try {
      const saved = await update.mutateAsync({ email: address.trim() });
      setMessage(
        saved.verification
          ? {
              tone: saved.verification === 'sent' ? 'info' : 'error',
              text: EMAIL_VERIFICATION_MESSAGES[saved.verification],
            }
          : null,
      );
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof Error ? err.message : 'Please try again' });
    }
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void send(email);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your email</CardTitle>
        <p className="text-sm text-stone-600">
          For password recovery and reminders about your trial.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        {isError && <Alert tone="error">{error.message}</Alert>}
        {data && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {data.email ? (
              <>
                <span className="font-medium break-all">{data.email}</span>
                {data.verified ? (
                  <Badge tone="green">Verified</Badge>
                ) : (
                  <Badge tone="amber">Not verified</Badge>
                )}
              </>
            ) : (
              <span className="text-stone-600">No email address yet.</span>
            )}
          </p>
        )}
        {data && !data.mailAvailable && (
          <Alert tone="warning">{EMAIL_VERIFICATION_MESSAGES.mail_unavailable}</Alert>
        )}
        <form className="flex flex-wrap items-end gap-2" onSubmit={onSave} noValidate>
          <div className="min-w-56 flex-1 space-y-1.5">
            <Label htmlFor="account-email">Email address</Label>
            <Input
              id="account-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              maxLength={254}
            />
          </div>
          <Button type="submit" disabled={update.isPending}>
            {data?.email && data.email === email.trim().toLowerCase() && !data.verified
              ? 'Send verification link'
              : 'Save email'}
          </Button>
        </form>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </CardContent>
    </Card>
  );
}
