import { DEMO_RESTAURANT_NAME } from '../common/demo.js';
import { PRODUCT_NAME } from '../common/constants.js';
import { refusalText } from '../i18n/messages.js';

/**
 * Names a self-served account or restaurant may not take because they would pass for the platform
 * or its demo ("admin", "Tavola Support", "Tavola Demo Bistro"), in any look-alike spelling
 * ("Tav0la  Supp0rt", "ΤΑVΟLΑ" with Greek letters, "ádmín"). The team keeps the list in the
 * platform's settings; these are its defaults.
 */
export const DEFAULT_RESERVED_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'superuser',
  'sysadmin',
  'system',
  'support',
  'help',
  'helpdesk',
  'team',
  'staff',
  'security',
  'billing',
  'official',
  'moderator',
  'platform',
  'postmaster',
  'webmaster',
  'abuse',
  'noreply',
  'no-reply',
  PRODUCT_NAME,
];

/** Words that, after the platform's name, make a name pass for the platform ("Tavola Support"). */
const PLATFORM_ROLE_WORDS = [
  'support',
  'team',
  'help',
  'admin',
  'billing',
  'security',
  'official',
  'staff',
];

/** How many names the team may keep, and how long each. */
export const RESERVED_NAMES_LIMITS = { count: 500, length: 120 } as const;

/**
 * Letters from other scripts, and digits and signs, that read as a Latin letter. Compared after
 * NFKC (which already folds full-width and styled letters) and lowercasing.
 */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  д: 'd',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ь: 'b',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin look-alikes that NFKC keeps
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  // Digits and signs used for letters
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '|': 'l',
  '!': 'l',
};

/**
 * The skeleton two look-alike names share: NFKC, lower case, no accents, other scripts' and
 * digits' look-alikes as Latin letters, i and l as one letter, "rn" as "m", "vv" as "w", and
 * nothing but letters and digits (spaces, dots, dashes and underscores do not tell names apart).
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let out = '';
  for (const char of folded) out += CONFUSABLES[char] ?? char;
  return out
    .replace(/[^a-z0-9]/g, '')
    .replace(/i/g, 'l')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/**
 * Every name that is reserved given the team's list, the platform's brand (which may be white-
 * labelled) and the demo restaurant's name: the list itself, and the brand and the product's name
 * alone or followed by a word such as "support".
 */
export function reservedNames(options: {
  list: readonly string[];
  brandName?: string | null | undefined;
  demoRestaurantName?: string | null | undefined;
}): string[] {
  const brands = [PRODUCT_NAME, options.brandName].filter((b): b is string => !!b?.trim());
  return [
    ...options.list,
    DEMO_RESTAURANT_NAME,
    ...(options.demoRestaurantName ? [options.demoRestaurantName] : []),
    ...brands.flatMap((brand) => [brand, ...PLATFORM_ROLE_WORDS.map((word) => `${brand} ${word}`)]),
  ];
}

/** The reserved name `name` passes for, or null when it is free of them. */
export function reservedLookAlike(name: string, reserved: readonly string[]): string | null {
  const skeleton = nameSkeleton(name);
  if (!skeleton) return null;
  return reserved.find((r) => nameSkeleton(r) === skeleton) ?? null;
}

/** What a sign-up is told when its restaurant's name passes for the platform's or the demo's. */
export const restaurantNameReserved = (name: string) =>
  refusalText('RESTAURANT_NAME_RESERVED', { name });

/**
 * What a sign-up or a new staff account is told when a username cannot be had: the same words
 * whether it is reserved, used in this restaurant or in another, so nobody learns which names
 * other restaurants use. Usernames stay unique across the platform, so the demo's and every
 * restaurant's staff still sign in with a username and password alone.
 */
export const usernameUnavailable = (username: string, suggestion: string | null) =>
  refusalText('USERNAME_UNAVAILABLE', { username, suggestion: suggestion || null });

/** How long a username may be (the sign-up's and the staff form's rule). */
export const USERNAME_MAX_LENGTH = 40;

/**
 * Usernames to suggest in place of one that is not available: the name followed by the
 * restaurant's address name (and a number), within the username's length and alphabet.
 */
export function usernameSuggestions(username: string, restaurantSlug: string, count = 5): string[] {
  const base = username
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/[._-]+$/, '');
  const slug = restaurantSlug.toLowerCase().replace(/[^a-z0-9-]/g, '');
  const out: string[] = [];
  for (let i = 1; i <= count; i++) {
    const number = i === 1 ? '' : String(i);
    const room = USERNAME_MAX_LENGTH - number.length;
    const ownPart = base.slice(0, Math.max(3, room - slug.length - 1));
    const suggestion = `${ownPart}.${slug}`.slice(0, room).replace(/[._-]+$/, '') + number;
    if (suggestion.length >= 3 && !out.includes(suggestion)) out.push(suggestion);
  }
  return out;
}
