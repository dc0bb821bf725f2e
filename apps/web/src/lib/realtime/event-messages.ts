import { defineMessages } from '@/lib/i18n';

/**
 * A restaurant's live events in one line each, for the staff's notifications (the bell and the
 * browser's). The platform team's events stay in English, as its console does.
 */
export const t = defineMessages({
  en: {
    supportAnswered: 'Support answered: {subject}',
    supportStatus: 'Support ticket "{subject}" is now {status}',
    supportStatus_open: 'open',
    supportStatus_in_progress: 'in progress',
    supportStatus_resolved: 'resolved',
    supportTicket: 'Support ticket: {subject}',
    tableSeated: 'Table {table} is seated ({guests})',
    guests: '{count, plural, one {# guest} other {# guests}}',
    callingWaiter: 'Table {table} is calling a waiter',
    asksForBill: 'Table {table} asks for the bill{amount}',
    nothingOrdered: ' (nothing ordered in the app)',
    money: ' ({currency} {amount})',
    atTable: 'table {table}',
    orderPlaced: 'New order #{number} from {place}{amount}',
    kitchenTicket: 'Kitchen ticket for order #{number}, {place}',
    barTicket: 'Bar ticket for order #{number}, {place}',
    orderReady: 'Order #{number} for {place} is ready to serve',
    paid: '{place} has paid{amount}',
    menuUpdatedItem: 'Menu updated: {name}',
    menuUpdated: 'Menu updated',
    review: 'Table {table} left a {rating}-star review',
    urgentEscalated: 'Urgent: order #{number}, {place}, still new after {minutes} minutes',
    urgent: 'Urgent: order #{number}, {place}',
    tableFreed: 'Table {table} freed: nobody ordered',
    tableClosed: 'Table {table} closed',
    tableUnassigned: 'Table {table} is unassigned: any waiter may claim it',
    tableHandedOver: 'Table {table} handed over to {name}',
    tableReassigned: 'Table {table} reassigned to {name}',
    tabOpened: '{place} opened',
    tabClosed: '{place} closed',
    webhookDisabled: 'Webhook to {url} was turned off after a day of failed deliveries',
    printerBackOnline: 'Printer {name} is back online',
    printerProblem: 'Printer {name}: {problem}',
    printJobRerouted: '{title} moved from {from} to {to}',
  },
});
