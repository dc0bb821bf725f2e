import { formatNumber, pluralCategory } from './format.js';
import type { GuestLocale as Locale } from './locales.js';

/** The values a message names: `{ date: '2026-11-26', count: 3 }`. */
export type MessageParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The text between a `{` at `open` and its matching `}`, and the index after that `}`. */
function group(template: string, open: number): [string, number] | null {
  let depth = 0;
  for (let i = open; i < template.length; i++) {
    if (template[i] === '{') depth++;
    else if (template[i] === '}' && --depth === 0) return [template.slice(open + 1, i), i + 1];
  }
  return null;
}

/** `one {# item} other {# items}` as its choices: { one: '# item', other: '# items' }. */
function choices(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const selector = text.slice(i, open).trim();
    const body = group(text, open);
    if (!body) break;
    found.set(selector, body[0]);
    i = body[1];
  }
  return found;
}

function placeholder(inner: string, params: MessageParams, locale: Locale): string {
  const [name = '', kind, ...rest] = inner.split(',');
  const key = name.trim();
  const value = params[key];
  if (kind === undefined) return value === undefined || value === null ? `{${key}}` : String(value);
  if (kind.trim() === 'select') {
    const options = choices(rest.join(','));
    const chosen = options.get(String(value)) ?? options.get('other');
    return chosen === undefined ? `{${inner}}` : formatMessage(chosen, params, locale);
  }
  const count = typeof value === 'number' ? value : Number(value);
  const shown = Number.isFinite(count) ? formatNumber(count, locale) : String(value);
  if (kind.trim() === 'number') return shown;
  if (kind.trim() === 'plural' && Number.isFinite(count)) {
    const options = choices(rest.join(','));
    const chosen =
      options.get(`=${count}`) ??
      options.get(pluralCategory(count, locale)) ??
      options.get('other');
    if (chosen !== undefined) return formatMessage(chosen.replaceAll('#', shown), params, locale);
  }
  return `{${inner}}`;
}

/**
 * A catalog message with its values filled in, in a small subset of ICU MessageFormat (the
 * subset every catalog here uses, so a translator's tools read it):
 * `{name}` is the value as given, `{count, number}` a number formatted for the language, and
 * `{count, plural, one {# item} other {# items}}` picks the language's plural form (`=0 {…}`
 * for an exact count), `#` standing for the formatted count, and
 * `{format, select, pdf {…} other {…}}` picks by the value. A value that was not passed is left
 * as its placeholder, so a missing parameter shows rather than vanishes.
 */
export function formatMessage(
  template: string,
  params: MessageParams = {},
  locale: Locale = 'en',
): string {
  if (!template.includes('{')) return template;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    const body = group(template, open);
    if (!body) {
      out += template.slice(open);
      break;
    }
    out += placeholder(body[0], params, locale);
    i = body[1];
  }
  return out;
}

/**
 * The names of the values a message uses, in its text and in every plural or select choice:
 * `{count, plural, one {# {item}} other {…}}` names `count` and `item`. A translation must name
 * exactly those of the English message, or a value goes missing in one language.
 */
export function messagePlaceholders(template: string, found = new Set<string>()): Set<string> {
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    const body = group(template, open);
    if (!body) break;
    const [name = '', kind, ...rest] = body[0].split(',');
    found.add(name.trim());
    if (kind !== undefined && ['plural', 'select'].includes(kind.trim())) {
      for (const choice of choices(rest.join(',')).values()) messagePlaceholders(choice, found);
    }
    i = body[1];
  }
  return found;
}

/**
 * What is wrong with a translated catalog beside the English one: keys it lacks, keys English does
 * not have, empty texts, and texts whose placeholders differ. Empty when it is complete.
 */
export function catalogProblems(
  english: Readonly<Record<string, string>>,
  translated: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    const text = translated[key];
    if (text === undefined) {
      problems.push(`missing ${key}`);
      continue;
    }
    if (!text.trim()) problems.push(`empty ${key}`);
    const want = [...messagePlaceholders(english[key]!)].sort().join(', ');
    const got = [...messagePlaceholders(text)].sort().join(', ');
    if (want !== got) problems.push(`${key} names {${got}} instead of {${want}}`);
  }
  for (const key of Object.keys(translated)) {
    if (!(key in english)) problems.push(`unknown ${key}`);
  }
  return problems;
}
