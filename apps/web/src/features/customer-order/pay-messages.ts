import { defineMessages } from '@/lib/i18n';

/**
 * The pay sheet's words (its own catalog: the sheet loads only when a guest taps Pay, so its
 * texts stay out of the guest page's first load).
 */
export const t = defineMessages({
  en: {
    pay: 'Pay',
    title: 'Pay the bill',
    description:
      'Pay everything, your items, a share or an amount. Everyone at the table sees what is left.',
    loading: 'Loading the bill',
    leftToPay: 'Left to pay',
    ofTotal: 'of {amount}',
    howToPay: 'How do you want to pay?',
    modeItems: 'My items',
    chooseItem: 'Choose an item',
    tip: 'Tip',
    tipNone: 'None',
    tipCustom: 'Custom',
    tipCustomAmount: 'Tip amount',
    tipNote: 'Tip on the goods, not on tax',
    yourPart: 'Your part',
    total: 'Total',
    payAmount: 'Pay {amount}',
    paying: 'Paying…',
    demoProvider: 'Demo payment: no card is charged and no money moves.',
    stripeProvider: 'Card payments go through Stripe; the card details never reach the restaurant.',
    cardLoading: 'Loading the card form…',
    cardConfirm: 'Confirm {amount}',
    cardProcessing: 'Card payment sent. It counts as soon as Stripe confirms it.',
    paidThanks: 'Paid {amount}. Thank you!',
    billSettled: 'The bill is fully paid.',
    nothingChosen: 'Choose what you pay for.',
    paidSoFar: 'Paid so far',
    noPayments: 'Nothing paid yet.',
    payment_all: 'the rest',
    payment_items: 'items',
    payment_share: 'a share',
    payment_equal: 'an equal part',
    payment_amount: 'an amount',
    payment_staff: 'at the till',
    paymentLine: '{method} · {what}',
    withTip: '+ {tip} tip',
    card: 'Card',
    cash: 'Cash',
    failed: 'Payment not taken: {error}',
    withWaiter: 'Or pay with the waiter',
    waiterCash: 'In cash',
    waiterTerminal: 'Card terminal',
    waiterAsked: 'The waiter is on the way with the bill.',
  },
});
