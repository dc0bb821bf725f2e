import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The Stripe card in Italian. */
export const integrationsIt: Translation<typeof t> = {
  stripeTitle: 'Pagamenti con carta (Stripe)',
  stripeIntro:
    'Gli ospiti pagano al tavolo con carta tramite il vostro account Stripe. Senza, vedono il pagamento dimostrativo, che non muove denaro.',
  stripeConnected: 'Collegato (chiavi {mode}) dal {date}',
  stripeNotConnected: 'Non collegato',
  stripeSecretKey: 'Chiave segreta',
  stripePublishableKey: 'Chiave pubblicabile',
  stripeWebhookSecret: 'Segreto di firma del webhook',
  stripeWebhookHint:
    'In Stripe, aggiungete un endpoint webhook all’indirizzo {url} con gli eventi payment_intent.succeeded, payment_intent.payment_failed e payment_intent.canceled, e incollate qui il suo segreto di firma.',
  stripeKeysHint: 'Conservate cifrate; qui se ne vedono solo gli ultimi quattro caratteri.',
  stripeConnect: 'Collega Stripe',
  stripeReplace: 'Sostituisci le chiavi',
  stripeDisconnect: 'Scollega',
  stripeSaved: 'Stripe collegato',
  stripeRemoved: 'Stripe scollegato',
  stripeRemovedHint: 'Gli ospiti vedono di nuovo il pagamento dimostrativo.',
  stripeRemoveFailed: 'Impossibile scollegare',
};
