import QRCode from 'qrcode';

/** #rrggbb's contrast against white (WCAG), so a code stays scannable in the brand's colour. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

/** The code's dark colour: the brand's when it contrasts enough with white, else black. */
export function qrDarkColor(brandColor: string | undefined): string {
  return brandColor && /^#[0-9a-f]{6}$/i.test(brandColor) && contrastOnWhite(brandColor) >= 4.5
    ? brandColor.toLowerCase()
    : '#000000';
}

const qrOptions = (brandColor?: string) => ({
  errorCorrectionLevel: 'M' as const,
  margin: 2,
  color: { dark: `${qrDarkColor(brandColor)}ff`, light: '#ffffffff' },
});

export function qrPng(url: string, brandColor?: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 512, ...qrOptions(brandColor) });
}

export function qrSvg(url: string, brandColor?: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', ...qrOptions(brandColor) });
}
