import { defineMessages } from '@/lib/i18n';

/** Splitting a table's bill into checks, and the line steppers it shares with Move table. */
export const t = defineMessages({
  en: {
    splitTitle: 'Split the bill of table {table}',
    splitBill: 'Split bill',
    splitHint:
      'Choose what goes on a separate check, or onto another check of the table. Each check is paid by itself.',
    chooseLine: 'Choose at least one line for the new check',
    splitOff: 'Check {check} split off table {table}',
    movedToCheck: 'Moved to check {check} of table {table}',
    from: 'From',
    onto: 'Onto',
    checkN: 'Check {check}',
    newCheck: 'A new check',
    linesForNew: 'Lines for the new check',
    linesForCheck: 'Lines for check {check}',
    splitting: 'Splitting…',
    moveToCheck: 'Move to check {check}',
    onTheBill: '{quantity} on the bill',
    fewer: 'Fewer {name}',
    chosen: '{name} chosen',
    more: 'More {name}',
  },
});
