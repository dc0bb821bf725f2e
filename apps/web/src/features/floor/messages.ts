import { defineMessages } from '@/lib/i18n';

/** The floor's words added with order entry (seating a table, ringing up, the tabs). */
export const t = defineMessages({
  en: {
    freeTables: 'Free tables',
    noFreeTables: 'Every table is seated.',
    seatTable: 'Seat table {table}',
    seatTitle: 'Seat table {table}',
    seatHint: 'How many guests? The table opens and is yours.',
    guestsN: '{count, plural, one {# guest} other {# guests}}',
    moreGuests: 'More guests',
    seat: 'Seat',
    seating: 'Seating…',
    order: 'Order',
    orderAt: 'Order at table {table}',
    tabs: 'Tabs',
    tabsHint: 'Bar, counter, takeaway',
  },
});
