import { RECIPIENT_LINK_INVALID } from '@tavola/contract';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PlatformBrandMark, usePlatformBrand } from '@/components/brand/platform-brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAnswerLink, useRecipientLink } from './api/recipient-link';

/**
 * Where the link in a report recipient's email leads (the token after `#`). Opening it only shows
 * what it is for; the recipient's answer is a button press, so a mail scanner that follows the
 * link confirms nothing. A confirmation link offers Confirm and Decline, a report's stop link
 * offers stopping the reports.
 */
export default function EmailConfirmPage() {
  const brand = usePlatformBrand();
  const token = useLocation().hash.replace(/^#/, '');
  const link = useRecipientLink(token);
  const answer = useAnswerLink();
  const [problem, setProblem] = useState<string | null>(null);
  const done = answer.data?.status;

  const press = (choice: 'confirm' | 'decline') => {
    setProblem(null);
    answer.mutate(
      { token, answer: choice },
      { onError: (e) => setProblem(e instanceof Error ? e.message : 'Please try again') },
    );
  };

  let body;
  if (!token || link.isError) {
    body = <Alert tone="error">{link.error?.message ?? RECIPIENT_LINK_INVALID}</Alert>;
  } else if (link.isPending) {
    body = <div className="h-24 animate-pulse rounded-xl bg-stone-200" aria-busy="true" />;
  } else if (done === 'confirmed') {
    body = (
      <Alert tone="success">
        Confirmed. {link.data.email} will receive the reports of {link.data.restaurantName}. Each
        report has a link to stop them.
      </Alert>
    );
  } else if (done === 'declined') {
    body = (
      <Alert tone="success">
        Done. {link.data.email} will not receive any reports from {link.data.restaurantName}.
      </Alert>
    );
  } else if (link.data.purpose === 'confirm') {
    body = (
      <>
        <p>
          <strong>{link.data.restaurantName}</strong> would like to email its reports to{' '}
          <strong>{link.data.email}</strong>. Nothing is sent unless you confirm.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => press('confirm')} disabled={answer.isPending}>
            Confirm
          </Button>
          <Button variant="outline" onClick={() => press('decline')} disabled={answer.isPending}>
            Decline
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>
          Stop the reports of <strong>{link.data.restaurantName}</strong> to{' '}
          <strong>{link.data.email}</strong>? It will not be emailed again.
        </p>
        <Button onClick={() => press('decline')} disabled={answer.isPending}>
          Stop these reports
        </Button>
      </>
    );
  }

  return (
    <main
      className="min-h-screen bg-gradient-to-br from-brand-50 via-stone-50 to-amber-50 px-4 py-8"
      style={brand.style}
    >
      <div className="mx-auto max-w-lg space-y-4">
        <PlatformBrandMark logoClassName="h-6" />
        <h1 className="text-2xl font-bold">Reports by email</h1>
        <Card>
          <CardContent className="space-y-4 pt-5">
            {body}
            {problem && <Alert tone="error">{problem}</Alert>}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
