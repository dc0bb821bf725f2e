import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The admin's Plan card in Italian. */
export const planIt: Translation<typeof t> = {
  perPeriod: '{amount} / {period}',
  upgradeRequested: 'Passaggio richiesto',
  teamWillContact: 'Il team di Tavola ti contatterà per {plan}',
  planName: 'Piano: {plan}',
  trialEnded: 'Prova finita',
  trialUntil: 'In prova fino al {date}',
  suspended: 'Sospeso',
  active: 'Attivo',
  tables: '{count, plural, one {# tavolo} other {# tavoli}}',
  ofLimit: ' su {limit}',
  included: ' ({count} inclusi)',
  staffAccounts: '{count, plural, one {# account del personale} other {# account del personale}}',
  fee: 'commissione di transazione dell’1,9%',
  guestsCannotOrder: 'Gli ospiti non possono ordinare finché non scegli un piano.',
  paidPlans:
    'I piani a pagamento partono dalla fatturazione di Tavola: richiedine uno e il team di Tavola ti contatterà per impostare il pagamento e cambiare il tuo piano.',
  requestUpgrade: 'Richiedi il passaggio a {plan} ({price})',
  alreadyRequested:
    'Già richiesto: passaggio a {plan}. Il team di Tavola ti contatterà per impostare il pagamento; puoi seguirlo in Aiuto.',
  requested:
    'Richiesto: passaggio a {plan}. Il team di Tavola ti contatterà per impostare il pagamento; puoi seguirlo in Aiuto.',
  period_month: 'mese',
  period_year: 'anno',
  period_trial: 'prova',
};
