import { describe, expect, it } from 'vitest';
import {
  brandingInputSchema,
  effectiveBranding,
  isHttpsImageUrl,
  mergeBranding,
} from './branding.js';

describe('white label', () => {
  const platform = {
    brandName: 'FeastOS',
    primaryColor: '#1d4ed8',
    logoUrl: 'https://p.example/l.png',
  };

  it("shows a restaurant's own brand only on a plan with white label, part by part over the platform's", () => {
    const own = { brandName: 'Empire Eats', primaryColor: '#7c2d12' };
    expect(effectiveBranding({ plan: 'enterprise', branding: own }, platform)).toEqual({
      brandName: 'Empire Eats',
      primaryColor: '#7c2d12',
      logoUrl: 'https://p.example/l.png',
      source: 'restaurant',
    });
    expect(effectiveBranding({ plan: 'growth', branding: own }, platform)).toEqual({
      ...platform,
      source: 'platform',
    });
    expect(effectiveBranding({ plan: 'enterprise', branding: {} }, {})).toEqual({
      source: 'platform',
    });
  });

  it('accepts only https image addresses without credentials', () => {
    expect(isHttpsImageUrl('https://cdn.example.com/logo.png')).toBe(true);
    for (const bad of [
      'http://cdn.example.com/logo.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://user:pw@example.com/l.png',
      'https://exa mple.com/l.png',
      '//example.com/l.png',
    ]) {
      expect(isHttpsImageUrl(bad), bad).toBe(false);
    }
  });

  it("changes the parts named, clears a part given as '' or null, lowercases the colour and trims", () => {
    const parsed = brandingInputSchema.parse({
      brandName: '  Empire Eats ',
      primaryColor: '#7C2D12',
      logoUrl: '',
    });
    const stored = { brandName: 'Old', logoUrl: 'https://p.example/old.png' };
    expect(mergeBranding(stored, parsed)).toEqual({
      brandName: 'Empire Eats',
      primaryColor: '#7c2d12',
    });
    // A part left out stays as it was.
    expect(mergeBranding(stored, brandingInputSchema.parse({}))).toEqual(stored);
    expect(mergeBranding(stored, brandingInputSchema.parse({ primaryColor: '#1D4ED8' }))).toEqual({
      ...stored,
      primaryColor: '#1d4ed8',
    });
    expect(mergeBranding(stored, brandingInputSchema.parse({ brandName: null }))).toEqual({
      logoUrl: 'https://p.example/old.png',
    });
    expect(brandingInputSchema.safeParse({ primaryColor: 'red' }).error?.issues[0]?.message).toBe(
      'Primary colour must be a colour like #1d4ed8',
    );
  });
});
