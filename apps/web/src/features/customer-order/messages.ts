import { defineMessages } from '@/lib/i18n';

/**
 * The guest ordering page's words. Another language is a catalog beside `en` with the same keys;
 * `t()` then speaks the language chosen with `setLocale`.
 */
export const t = defineMessages({
  en: {
    menuTitle: 'Menu',
    tableNumber: 'Table {table}',
    refusalHelp: 'If you are at a table, ask a member of staff for help.',
    currency: 'Currency',
    cartTotal: 'Cart total {amount}',
    menuCategories: 'Menu categories',
    dismissMessage: 'Dismiss message',
    demoMenuTitle: 'Loading demo menu',
    demoMenuBody: ": the restaurant's menu could not be loaded, so orders stay on this device.",
    sessionActive: 'Session Active',
    paymentCompleted: 'Payment Completed. Thank you!',
    loadingMenu: 'Loading menu',
    emptyCategory: 'Nothing in this category right now.',
    callWaiter: 'Call Waiter',
    requestPayment: 'Request Payment',
    payHint: 'Add an item to your order to start your session.',
    leaveReview: 'Leave Review',
    viewOrder: 'View order ({count})',
    removedUnavailable: 'Removed from your order, no longer available: {items}',
    orderPlaced: 'Order {number} placed successfully!',
    orderFailed: 'Failed to place order: {error}',
    waiterNotifiedDemo: 'Waiter has been notified and will be with you shortly!',
    waiterNotified: 'Waiter notified.',
    waiterFailed: 'Failed to notify waiter: {error}',
    paymentRequestedDemo: 'Payment request sent to staff!',
    paymentRequested: 'Payment request sent.',
    paymentFailed: 'Failed to request payment: {error}',
  },
});
