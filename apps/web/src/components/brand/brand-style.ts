import type { CSSProperties } from 'react';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The brand's primary colour applied to everything drawn in the app's brand shades (buttons,
 * links, active tabs): the theme's --color-brand-* variables, set on a container, derived from
 * one colour. Undefined (the theme's own) when there is no valid colour.
 */
export function brandStyle(color: string | undefined | null): CSSProperties | undefined {
  if (!color || !HEX.test(color)) return undefined;
  const mix = (other: string, pct: number) => `color-mix(in srgb, ${color} ${pct}%, ${other})`;
  return {
    '--color-brand-50': mix('white', 8),
    '--color-brand-100': mix('white', 18),
    '--color-brand-500': mix('white', 80),
    '--color-brand-600': mix('black', 92),
    '--color-brand-700': color,
    '--color-brand-800': mix('black', 80),
  } as CSSProperties;
}
