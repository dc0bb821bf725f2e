import { GUEST_LOCALE_NAMES, GUEST_LOCALES, type GuestLocale } from '@tavola/contract';
import { Languages } from 'lucide-react';
import { t } from '../messages';

/** The guest's language: each named in itself, so a reader finds theirs whatever is shown. */
export function LanguageSwitcher({
  value,
  onChange,
}: {
  value: GuestLocale;
  onChange: (locale: GuestLocale) => void;
}) {
  return (
    <label className="relative inline-flex min-h-10 items-center rounded-lg border border-stone-300 pl-2 text-sm">
      <Languages aria-hidden className="size-4 text-stone-600" />
      <span className="sr-only">{t('language')}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as GuestLocale)}
        className="min-h-10 appearance-none bg-transparent px-2 font-semibold uppercase"
      >
        {GUEST_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {GUEST_LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
