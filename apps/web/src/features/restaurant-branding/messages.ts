import { defineMessages } from '@/lib/i18n';

/** The restaurant's white label card on the admin's System tab. */
export const t = defineMessages({
  en: {
    whiteLabel: 'White label',
    enterpriseOnly:
      'White label is part of the {plan} plan: your own brand name, colour and logo on the guest page, staff screens and printed QR codes.',
    brandingSaved: 'Branding saved',
    brandPreview: 'Brand preview',
    yourRestaurant: 'Your restaurant',
    saveBranding: 'Save branding',
    brandName: 'Brand name',
    primaryColour: 'Primary colour',
    pickColour: 'Pick the primary colour',
    logoUrl: 'Logo URL',
  },
});
