import { defineMessages } from '@/lib/i18n';

/** Closing a table and picking the waiter who takes one over (the floor and the manager's tables). */
export const t = defineMessages({
  en: {
    voidThem: 'Void them',
    voidHint: 'Off the bill, the stations and the reports',
    settle: 'Settle the bill',
    settleHint: 'Record the payment for what was ordered',
    closeTableN: 'Close table {table}',
    closeTable: 'Close table',
    unpaidChoose:
      '{count, plural, one {# unpaid order: choose what becomes of it.} other {# unpaid orders: choose what becomes of them.}} The reason is kept in the audit log.',
    noUnpaid: 'No unpaid orders: the session ends and the table is free for the next guests.',
    unpaidOrders: 'Unpaid orders',
    reason: 'Reason',
    reasonOptional: 'Reason (optional)',
    reasonExampleUnpaid: 'e.g. guests left without paying',
    reasonExample: 'e.g. guests left',
    closing: 'Closing…',
    noOtherWaiter: 'There is no other waiter on duty to take over',
    waiter: 'Waiter',
    waiterTables: '{name} ({count, plural, one {# table} other {# tables}})',
    noneOnDuty: 'No other waiter is on duty.',
  },
});
