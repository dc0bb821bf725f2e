import { defineMessages } from '@/lib/i18n';

/** The option chooser's words (the guest page and the order screen share it). */
export const t = defineMessages({
  en: {
    chooseOptions: 'Choose options for {name}',
    required: 'Required',
    optional: 'Optional',
    chooseExactly: 'Choose {count}',
    chooseUpTo: 'Choose up to {max}',
    chooseAtLeast: 'Choose at least {min}',
    chooseBetween: 'Choose {min} to {max}',
    eachUpTo: 'up to {max} of each',
    unavailable: 'Unavailable',
    less: 'One less {option}',
    more: 'One more {option}',
    preModifier: '{modifier} {option}',
    price: 'Price',
    addToOrder: 'Add to order',
    cancel: 'Cancel',
    OPTION_UNKNOWN: '{item} has no option {id}',
    OPTION_UNAVAILABLE: '{group}: {option} is not available right now',
    OPTION_PICKED_TWICE: '{group}: {option} is chosen twice',
    OPTION_ABOVE_MAX_PER_OPTION:
      '{group}: {option} can be chosen at most {max} {max, plural, one {time} other {times}}',
    OPTION_GROUP_BELOW_MIN: '{group}: choose at least {min}',
    OPTION_GROUP_ABOVE_MAX: '{group}: choose at most {max}',
    OPTION_PRE_MODIFIER_REQUIRED:
      '{group}: say how you want {option} (No, Light, Extra or On the side)',
    OPTION_PRE_MODIFIER_NOT_OFFERED: '{group}: {option} cannot be chosen that way',
  },
});
