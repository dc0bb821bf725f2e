import { defineMessages } from '@/lib/i18n';

/**
 * The receipt's words (its own catalog: the receipt is loaded only after payment, so its texts
 * stay out of the guest page's first load).
 */
export const t = defineMessages({
  en: {
    title: 'Receipt No. {number}',
    table: 'Table {table}',
    lines: 'Receipt lines',
    items: 'Items',
    serviceCharge: 'Service charge',
    serviceChargeRate: 'Service charge {rate}%',
    taxRate: 'Tax {rate}%',
    total: 'Total',
    tip: 'Tip',
    paid: 'Paid',
    paidBy: 'Paid ({method})',
    cash: 'Cash',
    card: 'Card',
    refunded: 'Refunded ({method}) {date}',
    leftToPay: 'Left to pay',
    includedTax: 'Incl. tax {rate}%',
    pdf: 'Receipt PDF',
  },
});
