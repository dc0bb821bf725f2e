import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The option chooser in Italian (the guest page and the staff order screen both load it). */
export const optionsIt: Translation<typeof t> = {
  chooseOptions: 'Scegli le opzioni per {name}',
  required: 'Obbligatorio',
  optional: 'Facoltativo',
  chooseExactly: 'Scegline {count}',
  chooseUpTo: 'Scegline fino a {max}',
  chooseAtLeast: 'Scegline almeno {min}',
  chooseBetween: 'Scegline da {min} a {max}',
  eachUpTo: 'fino a {max} per ciascuna',
  unavailable: 'Non disponibile',
  less: 'Un {option} in meno',
  more: 'Un {option} in più',
  preModifier: '{modifier} {option}',
  price: 'Prezzo',
  addToOrder: 'Aggiungi all’ordine',
  cancel: 'Annulla',
  OPTION_UNKNOWN: '{item} non ha l’opzione {id}',
  OPTION_UNAVAILABLE: '{group}: {option} non è disponibile in questo momento',
  OPTION_PICKED_TWICE: '{group}: {option} è scelto due volte',
  OPTION_ABOVE_MAX_PER_OPTION:
    '{group}: {option} si può scegliere al massimo {max} {max, plural, one {volta} other {volte}}',
  OPTION_GROUP_BELOW_MIN: '{group}: scegline almeno {min}',
  OPTION_GROUP_ABOVE_MAX: '{group}: scegline al massimo {max}',
  OPTION_PRE_MODIFIER_REQUIRED: '{group}: di’ come vuoi {option} (Senza, Poco, Extra o A parte)',
  OPTION_PRE_MODIFIER_NOT_OFFERED: '{group}: {option} non si può scegliere così',
};
