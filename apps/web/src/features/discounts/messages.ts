import { defineMessages } from '@/lib/i18n';

/** The manager's list of discount reasons. */
export const t = defineMessages({
  en: {
    title: 'Discount reasons',
    intro: 'Staff choose one of these for every discount and comp; the Z report groups them by it.',
    name: 'Reason',
    newReason: 'New reason',
    add: 'Add reason',
    added: 'Reason added',
    rename: 'Rename {name}',
    renamed: 'Reason renamed',
    save: 'Save',
    cancel: 'Cancel',
    remove: 'Remove {name}',
    removed: 'Reason removed',
    confirmRemove: 'Remove “{name}”? Discounts already given keep it.',
    empty: 'No reasons yet: add the first one.',
    nameRequired: 'A reason needs a name',
    unableToUpdate: 'Unable to update',
    actions: 'Actions',
  },
});
