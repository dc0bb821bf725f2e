import { defineMessages } from '@/lib/i18n';

/** The admin's Plan card: plan, trial, usage and upgrade requests (plan names are product names). */
export const t = defineMessages({
  en: {
    perPeriod: '{amount} / {period}',
    upgradeRequested: 'Upgrade requested',
    teamWillContact: 'The Tavola team will contact you about {plan}',
    planName: 'Plan: {plan}',
    trialEnded: 'Trial ended',
    trialUntil: 'Trial until {date}',
    suspended: 'Suspended',
    active: 'Active',
    tables: '{count} tables',
    ofLimit: ' of {limit}',
    included: ' ({count} included)',
    staffAccounts: '{count} staff accounts',
    fee: '1.9% transaction fee',
    guestsCannotOrder: 'Guests cannot order until you choose a plan.',
    paidPlans:
      'Paid plans start through Tavola billing: request one and the Tavola team will contact you to set up payment and switch your plan.',
    requestUpgrade: 'Request upgrade to {plan} ({price})',
    alreadyRequested:
      'Already requested: upgrade to {plan}. The Tavola team will contact you to set up payment; you can follow it in Help.',
    requested:
      'Requested: upgrade to {plan}. The Tavola team will contact you to set up payment; you can follow it in Help.',
    period_month: 'month',
    period_year: 'year',
    period_trial: 'trial',
  },
});
