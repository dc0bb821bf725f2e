import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { isSingleLineText } from '../common/text.js';
import { planById, type PlanId } from './plans.js';

/**
 * White label: a brand name, a primary colour and a logo. The platform
 * has one (the landing page, the login pages, and the guest page of a restaurant without its
 * own); a restaurant on a plan with white label (Enterprise Empire) may have its own, shown on
 * its guest page, its staff screens and its printed QR codes.
 */

export const BRAND_NAME_MAX = 60;
export const LOGO_URL_MAX = 500;

/** #rrggbb, kept lowercase. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const BRAND_NAME_INVALID = 'Brand name must be a single line without < or >';
export const PRIMARY_COLOUR_INVALID = 'Primary colour must be a colour like #1d4ed8';
export const LOGO_URL_INVALID = 'Logo URL must be a full https:// address';

/** A brand name: one line of plain text (it is shown in headers, titles and printed sheets). */
export const brandNameSchema = z
  .string({ error: 'Brand name must be text' })
  .trim()
  .min(1, 'Brand name is required')
  .max(BRAND_NAME_MAX, `Brand name must be at most ${BRAND_NAME_MAX} characters`)
  .refine((v) => isSingleLineText(v) && !/[<>]/.test(v), BRAND_NAME_INVALID);

export const primaryColorSchema = z
  .string({ error: PRIMARY_COLOUR_INVALID })
  .trim()
  .regex(HEX_COLOUR, PRIMARY_COLOUR_INVALID)
  .transform((v) => v.toLowerCase());

/** Whether `value` is an https URL a browser may load as an image (no credentials, a host). */
export function isHttpsImageUrl(value: string): boolean {
  if (!isSingleLineText(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const logoUrlSchema = z
  .string({ error: LOGO_URL_INVALID })
  .trim()
  .max(LOGO_URL_MAX, `Logo URL must be at most ${LOGO_URL_MAX} characters`)
  .refine(isHttpsImageUrl, LOGO_URL_INVALID);

/** An empty field clears it: '' and null both mean "none". */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable());

/** A brand as stored (restaurants.branding, platform settings) and sent: every part optional. */
export const brandingSchema = z.object({
  brandName: z.string().optional(),
  primaryColor: z.string().optional(),
  logoUrl: z.string().optional(),
});

export type Branding = z.infer<typeof brandingSchema>;

/**
 * PUT /api/restaurant/branding: the parts of the restaurant's brand to change. A part left out
 * stays as it is; '' or null clears it.
 */
export const brandingInputSchema = z.object({
  brandName: clearable(brandNameSchema).optional(),
  primaryColor: clearable(primaryColorSchema).optional(),
  logoUrl: clearable(logoUrlSchema).optional(),
});

export type BrandingInput = z.input<typeof brandingInputSchema>;

/** `stored` with the parts `input` names changed (set, or cleared by '' or null). */
export function mergeBranding(
  stored: Branding,
  input: z.output<typeof brandingInputSchema>,
): Branding {
  const parts = ['brandName', 'primaryColor', 'logoUrl'] as const;
  const merged: Branding = {};
  for (const part of parts) {
    const value = input[part] === undefined ? stored[part] : input[part];
    if (value) merged[part] = value;
  }
  return merged;
}

export function hasBranding(branding: Branding): boolean {
  return Boolean(branding.brandName || branding.primaryColor || branding.logoUrl);
}

/**
 * The brand a restaurant's screens show: its own when its plan includes white label and it set
 * one (part by part: what it left out comes from the platform), otherwise the platform's.
 */
export function effectiveBranding(
  restaurant: { plan: PlanId; branding: Branding },
  platform: Branding,
): Branding & { source: 'restaurant' | 'platform' } {
  const own = planById(restaurant.plan).whiteLabel && hasBranding(restaurant.branding);
  if (!own) return { ...onlySet(platform), source: 'platform' };
  return { ...onlySet(platform), ...onlySet(restaurant.branding), source: 'restaurant' };
}

function onlySet(b: Branding): Branding {
  return {
    ...(b.brandName ? { brandName: b.brandName } : {}),
    ...(b.primaryColor ? { primaryColor: b.primaryColor } : {}),
    ...(b.logoUrl ? { logoUrl: b.logoUrl } : {}),
  };
}

/** GET /api/restaurant/branding: the restaurant's own brand, whether its plan allows it, and what its screens show. */
export const restaurantBrandingSchema = z.object({
  own: brandingSchema,
  /** Whether the restaurant's plan includes white label (Enterprise Empire). */
  allowed: z.boolean(),
  /** What its guest page, staff screens and QR codes show now. */
  effective: brandingSchema.extend({ source: z.enum(['restaurant', 'platform']) }),
});

export type RestaurantBranding = z.infer<typeof restaurantBrandingSchema>;

export const restaurantBrandingResponseSchema = successResponseSchema(restaurantBrandingSchema);
