import {
  GUEST_LOCALE_NAMES,
  GUEST_LOCALES,
  type GuestLocale,
  type MenuTranslations,
  type TextTranslations,
} from '@tavola/contract';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useMenuTranslations, useSetMenuTranslations } from '../api/menu-translations';
import { t } from '../messages';

type Field = 'name' | 'description';

/** One text to translate: where it goes in the request, its original, and its translations. */
interface Row {
  key: string;
  label: string;
  original: string;
  field: Field;
  translations: TextTranslations;
}

function rowsOf(data: MenuTranslations): { heading: string; rows: Row[] }[] {
  return [
    {
      heading: t('trCategories'),
      rows: data.categories.map((c) => ({
        key: `categories|${c.category}|name`,
        label: t('trCategory'),
        original: c.category,
        field: 'name',
        translations: c.translations,
      })),
    },
    {
      heading: t('trItems'),
      rows: data.items.flatMap((i) => [
        {
          key: `items|${i.id}|name`,
          label: t('trName'),
          original: i.name,
          field: 'name' as const,
          translations: i.translations,
        },
        ...(i.description
          ? [
              {
                key: `items|${i.id}|description`,
                label: t('trDescription'),
                original: i.description,
                field: 'description' as const,
                translations: i.translations,
              },
            ]
          : []),
      ]),
    },
    {
      heading: t('trGroupsAndOptions'),
      rows: data.optionGroups.flatMap((g) => [
        {
          key: `optionGroups|${g.id}|name`,
          label: t('trGroup'),
          original: g.name,
          field: 'name' as const,
          translations: g.translations,
        },
        ...g.options.map((o) => ({
          key: `options|${o.id}|name`,
          label: t('trOption'),
          original: o.name,
          field: 'name' as const,
          translations: o.translations,
        })),
      ]),
    },
  ];
}

/** The edited texts as one language's request (each item's name and description together). */
function requestOf(edits: Map<string, string>) {
  const items = new Map<string, { id: string; name?: string; description?: string }>();
  const body: {
    items: { id: string; name?: string; description?: string }[];
    categories: { category: string; name: string }[];
    optionGroups: { id: string; name: string }[];
    options: { id: string; name: string }[];
  } = { items: [], categories: [], optionGroups: [], options: [] };
  for (const [key, text] of edits) {
    const [kind, id = '', field] = key.split('|');
    if (kind === 'items') {
      const item = items.get(id) ?? { id };
      item[field as Field] = text;
      items.set(id, item);
    } else if (kind === 'categories') body.categories.push({ category: id, name: text });
    else if (kind === 'optionGroups') body.optionGroups.push({ id, name: text });
    else body.options.push({ id, name: text });
  }
  body.items = [...items.values()];
  return body;
}

/**
 * The menu's texts beside their translations in one language: guests reading that language see
 * them, and the original wherever a field is left blank. The kitchen always reads the original.
 */
export function MenuTranslationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [locale, setLocale] = useState<GuestLocale>('it');
  const [edits, setEdits] = useState(new Map<string, string>());
  const texts = useMenuTranslations(open);
  const save = useSetMenuTranslations();

  const changeLocale = (next: GuestLocale) => {
    setLocale(next);
    setEdits(new Map());
  };
  const onSave = async () => {
    try {
      await save.mutateAsync({ locale, body: requestOf(edits) });
      setEdits(new Map());
      toast({ title: t('translationsSaved', { language: GUEST_LOCALE_NAMES[locale] }) });
    } catch (error) {
      toast({
        title: t('unableToSaveTranslations'),
        description: error instanceof Error ? error.message : '',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('translationsTitle')}
      description={t('translationsDescription')}
    >
      <label className="mb-3 flex items-center gap-2 text-sm font-medium">
        {t('language')}
        <select
          value={locale}
          onChange={(e) => changeLocale(e.target.value as GuestLocale)}
          className="min-h-10 rounded-md border border-stone-300 px-2"
        >
          {GUEST_LOCALES.map((l) => (
            <option key={l} value={l}>
              {GUEST_LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      {texts.isError && <Alert tone="error">{texts.error.message}</Alert>}
      {texts.data &&
        rowsOf(texts.data).map((section) => (
          <section key={section.heading} className="mb-4">
            <h3 className="mb-2 font-semibold">{section.heading}</h3>
            <ul className="space-y-2">
              {section.rows.map((row) => {
                const value = edits.get(row.key) ?? row.translations[locale]?.[row.field] ?? '';
                return (
                  <li key={row.key} className="grid gap-1">
                    <span className="text-xs text-stone-500">
                      {row.label}: <span lang="">{row.original}</span>
                    </span>
                    <input
                      aria-label={t('textIn', {
                        label: row.label,
                        original: row.original,
                        language: GUEST_LOCALE_NAMES[locale],
                      })}
                      value={value}
                      placeholder={row.original}
                      onChange={(e) => setEdits(new Map(edits).set(row.key, e.target.value))}
                      className="min-h-10 rounded-md border border-stone-300 px-2"
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('close')}
        </Button>
        <Button onClick={() => void onSave()} disabled={edits.size === 0 || save.isPending}>
          {t('save')}
        </Button>
      </div>
    </Dialog>
  );
}
