import { ALLERGENS, type Allergen } from '@tavola/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AllergenLabel } from './allergen-tags';
import { t } from './messages';

/**
 * "Hide dishes containing …": the 14 allergens to tick, each with its symbol and word. The page
 * keeps the choice on the device (`saveAvoided`). Loaded when the guest opens it.
 */
export default function AllergenFilter({
  open,
  onOpenChange,
  value,
  onChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: readonly Allergen[];
  onChange: (avoid: Allergen[]) => void;
}) {
  const toggle = (code: Allergen, on: boolean) =>
    onChange(ALLERGENS.filter((a) => (a === code ? on : value.includes(a))));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('filterTitle')}
      description={t('filterHelp')}
      sheet
    >
      <fieldset>
        <legend className="sr-only">{t('filterTitle')}</legend>
        <ul className="grid grid-cols-2 gap-1">
          {ALLERGENS.map((code) => (
            <li key={code}>
              <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-200 px-2">
                <input
                  type="checkbox"
                  checked={value.includes(code)}
                  onChange={(e) => toggle(code, e.target.checked)}
                  className="size-5 accent-stone-900"
                />
                <AllergenLabel code={code} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-4 flex justify-between gap-2">
        <Button variant="ghost" disabled={value.length === 0} onClick={() => onChange([])}>
          {t('filterClear')}
        </Button>
        <Button onClick={() => onOpenChange(false)}>{t('filterDone')}</Button>
      </div>
    </Dialog>
  );
}
