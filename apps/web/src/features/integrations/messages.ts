import { defineMessages } from '@/lib/i18n';

/** The Integrations tab's Stripe card: the restaurant connects its own Stripe keys. */
export const t = defineMessages({
  en: {
    stripeTitle: 'Card payments (Stripe)',
    stripeIntro:
      'Guests pay at the table by card through your own Stripe account. Without it they see the demo payment, which moves no money.',
    stripeConnected: 'Connected ({mode} keys) since {date}',
    stripeNotConnected: 'Not connected',
    stripeSecretKey: 'Secret key',
    stripePublishableKey: 'Publishable key',
    stripeWebhookSecret: 'Webhook signing secret',
    stripeWebhookHint:
      'In Stripe, add a webhook endpoint at {url} with the events payment_intent.succeeded, payment_intent.payment_failed and payment_intent.canceled, and paste its signing secret here.',
    stripeKeysHint: 'Stored encrypted; shown here only by their last four characters.',
    stripeConnect: 'Connect Stripe',
    stripeReplace: 'Replace the keys',
    stripeDisconnect: 'Disconnect',
    stripeSaved: 'Stripe connected',
    stripeRemoved: 'Stripe disconnected',
    stripeRemovedHint: 'Guests see the demo payment again.',
    stripeRemoveFailed: 'Unable to disconnect',
  },
});
