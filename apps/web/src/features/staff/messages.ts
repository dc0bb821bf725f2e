import { defineMessages } from '@/lib/i18n';

/** The staff tab's words for the point-of-sale permissions granted per member of staff. */
export const t = defineMessages({
  en: {
    posPermissions: 'Point of sale',
    enter_orders: 'Enter orders',
    apply_discounts: 'Discounts',
    comp_items: 'Comps',
    open_items: 'Open items',
    fromRole: 'With the role',
    permissionsSaved: 'Permissions saved',
    granted: '{name} may now: {what}',
    grantedNothing: '{name} has only the role’s permissions',
    unableToUpdate: 'Unable to update',
    discountLimit: 'Discount limit',
    discountLimitOf: 'Discount limit: {name}',
    maxPercent: 'Up to %',
    maxAmount: 'Up to amount',
    noLimit: 'No limit',
    saveLimit: 'Save',
    limitSaved: 'Discount limit saved',
    limitPercentInvalid: 'The percentage limit is a number from 0 to 100, or empty for none',
    limitAmountInvalid: 'The amount limit is a number of 0 or more, or empty for none',
  },
});
