import { ALLERGENS, type Allergen } from '@tavola/contract';
import { allergenName } from '@/components/allergens/allergen-tags';
import { ALLERGEN_ICONS } from '@/components/allergens/icons';
import { Select } from '@/components/ui/select';
import { t } from '../messages';

/** Each allergen as the manager marks it: contained, a trace ("may contain"), or neither. */
export type AllergenMarks = Partial<Record<Allergen, 'contains' | 'trace'>>;

export function marksOf(allergens: readonly Allergen[] | null, traces: readonly Allergen[]) {
  const marks: AllergenMarks = {};
  for (const a of traces) marks[a] = 'trace';
  for (const a of allergens ?? []) marks[a] = 'contains';
  return marks;
}

export function listsOf(marks: AllergenMarks) {
  return {
    allergens: ALLERGENS.filter((a) => marks[a] === 'contains'),
    traces: ALLERGENS.filter((a) => marks[a] === 'trace'),
  };
}

/**
 * The 14 allergens, each with a choice of "—", "Contains" or "May contain", labelled with its
 * symbol and name (`of` names the dish or option in each control's accessible name).
 */
export function AllergenFields({
  of,
  marks,
  onChange,
}: {
  of: string;
  marks: AllergenMarks;
  onChange: (marks: AllergenMarks) => void;
}) {
  return (
    <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {ALLERGENS.map((a) => (
        <li key={a} className="flex items-center justify-between gap-2">
          <span className="text-sm">
            <span aria-hidden>{ALLERGEN_ICONS[a]} </span>
            {allergenName(a)}
          </span>
          <div className="w-36">
            <Select
              aria-label={t('allergenIn', { allergen: allergenName(a), of })}
              value={marks[a] ?? ''}
              onChange={(e) => {
                const value = e.target.value as '' | 'contains' | 'trace';
                const next = { ...marks };
                if (value) next[a] = value;
                else delete next[a];
                onChange(next);
              }}
              className="min-h-9 px-2 py-1 text-sm"
            >
              <option value="">—</option>
              <option value="contains">{t('contains')}</option>
              <option value="trace">{t('mayContain')}</option>
            </Select>
          </div>
        </li>
      ))}
    </ul>
  );
}
