import { defineMessages } from '@/lib/i18n';

/** The manager's order history: the list, its date filter, exports and receipt reprints. */
export const t = defineMessages({
  en: {
    unableToExport: 'Unable to export',
    unableToPrintReceipt: 'Unable to print the receipt',
    orderNo: 'Order #',
    orderNumber: '#{number}',
    table: 'Table',
    items: 'Items',
    total: 'Total',
    waiter: 'Waiter',
    time: 'Time',
    receipt: 'Receipt',
    receiptFor: 'Receipt for order #{number}',
    print: 'Print',
    title: 'Order History (Last 30 Days)',
    filterByDate: 'Filter by Date',
    export: 'Export',
    noOrders: 'No orders in this period.',
    ordersCount: '{count} orders',
  },
});
