import { defineMessages, getLocale } from './i18n';

/**
 * The contract's validation messages (its schemas' words, the server's too) in the reader's
 * language. The schemas write them in English, often from a field's label ("Tax rate must be a
 * number"); each `msg_` text here is one of their shapes, and each `field_` and `unit_` text a
 * word the shapes name. A message is read back into its shape and its words, then said again in
 * the reader's language; English is always the schema's own text, untouched. The order matters:
 * the first shape that fits wins, so the narrow shapes come before the wide ones.
 */
export const t = defineMessages({
  en: {
    msg_reopenReason: 'Give a reason for reopening the day',
    msg_nameAndCategory: 'Name and category are required',
    msg_eachEventType: 'Each event type once',
    msg_eachScope: 'Each scope once',
    msg_stripeKeysMode: 'The secret and publishable keys must both be test keys or both live keys',
    msg_stripeSecretKey: 'secretKey must be a Stripe secret key (sk_test_… or sk_live_…)',
    msg_stripePublishableKey:
      'publishableKey must be a Stripe publishable key (pk_test_… or pk_live_…)',
    msg_stripeWebhookSecret: 'webhookSecret must be a Stripe webhook signing secret (whsec_…)',
    msg_unknownTimezone: 'Unknown timezone',
    msg_usernameCharacters: 'Username may use letters, digits, dot, dash and underscore',
    msg_stationSlug: 'station must be a lowercase slug (e.g. grill)',
    msg_preModifiers: 'preModifiers are no, light, extra, side',
    msg_groupNeedsOption: 'A group needs at least one option',
    msg_groupMaxOptions: 'A group has at most {max} options',
    msg_optionId: 'option id must be a valid identifier',
    msg_atMostTags: 'At most {max} tags',
    msg_atLeastOneCourse: 'At least one course',
    msg_atMostCourses: 'At most {max} courses',
    msg_charactersAtMost: 'must be at most {max} characters',
    msg_timeBetween: '{field} must be a time between {from} and {to}',
    msg_httpAddress: '{field} must be an http(s) address',
    msg_httpsAddress: '{field} must be an https:// address',
    msg_allergenCodes: '{field} must be EU allergen codes ({codes})',
    msg_among: '{field} must be among {choices}',
    msg_oneOf: '{field} must be one of: {choices}',
    msg_date: '{field} must be a date (YYYY-MM-DD)',
    msg_text: '{field} must be text',
    msg_onOff: '{field} must be on or off',
    msg_trueFalse: '{field} must be true or false',
    msg_list: '{field} must be a list',
    msg_tooManyEntries: '{field} has too many entries',
    msg_controlCharacters: '{field} cannot contain control characters',
    msg_required: '{field} is required',
    msg_tooLarge: '{field} is too large',
    msg_tooLong: '{field} is too long',
    msg_negative: '{field} cannot be negative',
    msg_notNegative: '{field} must not be negative',
    msg_greaterThanZero: '{field} must be greater than zero',
    msg_percentMax: '{field} is at most 100%',
    msg_twoDecimals: '{field} can have at most two decimals',
    msg_wholeMinutes: '{field} must be whole minutes',
    msg_number: '{field} must be a number',
    msg_wholeNumber: '{field} must be a whole number',
    msg_numberOf: '{field} must be a number of {unit}',
    msg_wholeNumberOf: '{field} must be a whole number of {unit}',
    msg_charsAtMost: '{field} is at most {max} characters',
    msg_mustCharsAtMost: '{field} must be at most {max} characters',
    msg_mustCharsAtLeast: '{field} must be at least {min} characters',
    msg_betweenUnit: '{field} must be between {min} and {max} {unit}',
    msg_between: '{field} must be between {min} and {max}',
    msg_atLeast: '{field} must be at least {min}',
    msg_atMost: '{field} must be at most {max}',
    msg_eitherOr: '{field} must be {some} or {last}',
    field_reasonThe: 'The reason',
    field_reason: 'reason',
    field_name: 'Name',
    field_username: 'Username',
    field_password: 'Password',
    field_role: 'Role',
    field_status: 'Status',
    field_shift: 'Shift',
    field_tableNumber: 'Table number',
    field_capacity: 'Capacity',
    field_autoBackup: 'Auto backup',
    field_backupInterval: 'Backup interval',
    field_backupsKept: 'Backups kept',
    field_currency: 'Currency',
    field_exchangeRate: 'Exchange rate',
    field_taxRate: 'Tax rate',
    field_serviceCharge: 'Service charge',
    field_publicUrl: 'Public URL',
    field_locale: 'locale',
    field_idleTimeout: 'Idle table timeout',
    field_pricesIncludeTax: 'Prices include tax',
    field_notifications: 'Notifications',
    field_maintenanceMode: 'Maintenance mode',
    field_allowGuestOrders: 'Allow guest orders',
    field_orderTimeout: 'Order timeout',
    field_maxTableCapacity: 'Max table capacity',
    field_dayEndsAt: 'Business day ends at',
    field_category: 'Category',
    field_price: 'Price',
    field_description: 'Description',
    field_preparationTime: 'Preparation time',
    field_aTag: 'A tag',
    field_tags: 'tags',
    field_imageUrl: 'Image URL',
    field_course: 'course',
    field_allergens: 'allergens',
    field_traces: 'traces',
    field_diets: 'diets',
    field_available: 'available',
    field_special: 'special',
    field_default: 'default',
    field_groupName: 'Group name',
    field_optionName: 'Option name',
    field_min: 'min',
    field_max: 'max',
    field_allowRepeat: 'allowRepeat',
    field_maxPerOption: 'maxPerOption',
    field_preModifiers: 'preModifiers',
    field_options: 'options',
    field_priceCents: 'priceCents',
    field_extraPriceCents: 'extraPriceCents',
    field_amount: 'amount',
    field_tip: 'tip',
    field_date: 'date',
    field_unpaid: 'unpaid',
    field_method: 'method',
    field_sessionTimeout: 'Session timeout',
    field_passwordMinLength: 'Minimum password length',
    field_stationName: 'Station name',
    field_kind: 'kind',
    field_ticketMinutes: 'ticketMinutes',
    field_courseName: 'Course name',
    field_fireDelay: 'fireDelayMinutes',
    unit_hours: 'hours',
    unit_minutes: 'minutes',
    unit_guests: 'guests',
    unit_backups: 'backups',
    unit_characters: 'characters',
    unit_cents: 'cents',
  },
});

type Key = keyof typeof t.en;

/** A catalog text as a pattern that reads its values back out of a text it produced. */
export interface Shape {
  pattern: RegExp;
  names: string[];
}

/** The shape of a text with plain `{name}` values (null for one with plural or select choices). */
export function shapeOf(template: string): Shape | null {
  if (/\{\w+,/.test(template)) return null;
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The values a text produced from `shape` names, or null when the text is not of that shape. */
export function readBack(shape: Shape, text: string): Record<string, string> | null {
  const found = shape.pattern.exec(text);
  if (!found) return null;
  return Object.fromEntries(shape.names.map((name, i) => [name, found[i + 1] ?? '']));
}

const SHAPES = Object.entries(t.en)
  .filter(([key]) => key.startsWith('msg_'))
  .map(([key, text]) => ({ key: key as Key, shape: shapeOf(text) }));

// The English words a shape names (a field's label, a unit), to say in the reader's language.
const WORDS = new Map(
  Object.entries(t.en)
    .filter(([key]) => !key.startsWith('msg_'))
    .map(([key, text]) => [text, key as Key]),
);

/**
 * A validation message of the contract in the reader's language: the schema's own English for an
 * English reader, or for a message this catalog does not know.
 */
export function validationText(english: string): string {
  if (getLocale() === 'en') return english;
  for (const { key, shape } of SHAPES) {
    const values = shape && readBack(shape, english);
    if (!values) continue;
    for (const [name, value] of Object.entries(values)) {
      const word = WORDS.get(value);
      if (word) values[name] = t(word);
    }
    return t(key, values);
  }
  return english;
}

/** Whether a text is worded by this catalog (a test's check that no schema message is missed). */
export const isKnownValidationText = (english: string) =>
  SHAPES.some(({ shape }) => shape !== null && shape.pattern.test(english));
