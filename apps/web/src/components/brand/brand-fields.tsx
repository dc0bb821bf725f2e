import { BRAND_NAME_MAX, LOGO_URL_MAX } from '@tavola/contract';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export interface BrandForm {
  brandName: string;
  primaryColor: string;
  logoUrl: string;
}

/** A colour the browser's picker and the preview can take: #rrggbb. */
export const isColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** The fields' words: English unless the screen gives its own (the team's console stays English). */
export interface BrandFieldLabels {
  brandName: string;
  primaryColour: string;
  pickColour: string;
  logoUrl: string;
}

const ENGLISH: BrandFieldLabels = {
  brandName: 'Brand name',
  primaryColour: 'Primary colour',
  pickColour: 'Pick the primary colour',
  logoUrl: 'Logo URL',
};

/**
 * A white label's brand name, primary colour (picked or typed) and logo address: the platform's
 * own and a restaurant's ask the same three things.
 */
export function BrandFields({
  ids,
  value,
  onChange,
  labels = ENGLISH,
}: {
  ids: Record<keyof BrandForm, string>;
  labels?: BrandFieldLabels;
  value: BrandForm;
  onChange: (next: BrandForm) => void;
}) {
  const set = (key: keyof BrandForm) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <>
      <Field label={labels.brandName} id={ids.brandName}>
        <Input value={value.brandName} maxLength={BRAND_NAME_MAX} onChange={set('brandName')} />
      </Field>
      <Field label={labels.primaryColour} id={ids.primaryColor}>
        <div className="flex gap-2">
          <input
            type="color"
            aria-label={labels.pickColour}
            value={isColour(value.primaryColor) ? value.primaryColor : '#c2410c'}
            onChange={set('primaryColor')}
            className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
          />
          <Input
            value={value.primaryColor}
            placeholder="#c2410c"
            maxLength={7}
            onChange={set('primaryColor')}
          />
        </div>
      </Field>
      <Field label={labels.logoUrl} id={ids.logoUrl} className="sm:col-span-2">
        <Input
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value.logoUrl}
          maxLength={LOGO_URL_MAX}
          onChange={set('logoUrl')}
        />
      </Field>
    </>
  );
}
