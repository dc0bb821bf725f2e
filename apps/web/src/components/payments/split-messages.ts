import { defineMessages } from '@/lib/i18n';

/** The split picker's words: how a bill is divided, on the guest's pay sheet and the waiter's pay dialog. */
export const t = defineMessages({
  en: {
    modeAll: 'Everything',
    modeItems: 'Items',
    modeShare: 'Share an item',
    modeEqual: 'Split equally',
    modeAmount: 'An amount',
    lines: 'Items on the bill',
    paidLine: 'Paid',
    remainingOf: '{remaining} left',
    quantityOf: 'How many of {item}',
    fewer: 'One fewer {item}',
    more: 'One more {item}',
    shareItem: 'Item to share',
    shareBetween: 'Shared between',
    people: 'People',
    fewerPeople: 'One person fewer',
    morePeople: 'One person more',
    equalPaid: '{paid} of {parts} parts paid',
    amount: 'Amount',
  },
});
