import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '../pay-messages';

/**
 * Stripe's Payment Element for one PaymentIntent the server made: loaded only when the guest
 * pays by card at a restaurant with Stripe (its own chunk). The card details go from Stripe's
 * frame to Stripe; the page only learns whether Stripe accepted them, and the payment counts
 * when the server hears it from Stripe itself (the bill then moves live).
 */
export default function StripePayment({
  publishableKey,
  clientSecret,
  amount,
  onSent,
  onFailed,
}: {
  publishableKey: string;
  clientSecret: string;
  amount: string;
  onSent: () => void;
  onFailed: (message: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  // The latest callbacks, without remounting the card form when the parent re-renders.
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    let gone = false;
    let unmount: (() => void) | null = null;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (gone || !loaded || !box.current) return;
        const elements = loaded.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(box.current);
        unmount = () => element.destroy();
        stripe.current = { stripe: loaded, elements };
        setReady(true);
      },
      (err: unknown) => failed.current(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      gone = true;
      unmount?.();
    };
  }, [publishableKey, clientSecret]);

  const confirm = async () => {
    if (!stripe.current) return;
    setBusy(true);
    const { error } = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements,
      // Cards answer here; a method that must leave the page comes back to it.
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setBusy(false);
    if (error) onFailed(error.message ?? error.type);
    else onSent();
  };

  return (
    <div className="space-y-3" data-testid="stripe-payment">
      <div ref={box} />
      {!ready && <p className="text-center text-sm text-stone-600">{t('cardLoading')}</p>}
      <Button size="lg" className="w-full" disabled={!ready || busy} onClick={() => void confirm()}>
        {busy ? t('paying') : t('cardConfirm', { amount })}
      </Button>
    </div>
  );
}
