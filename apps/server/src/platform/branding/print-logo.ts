import { outboundFetch } from '../../core/net/outbound-fetch.js';

/** A logo fetched for a printed sheet: PNG or JPEG bytes (what a PDF can embed). */
export interface PrintLogo {
  kind: 'png' | 'jpg';
  bytes: Uint8Array;
}

const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 3000;
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 200;

function kindOf(bytes: Uint8Array): PrintLogo['kind'] | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Fetches a brand's logo for a printed QR sheet through the guarded outbound fetch (public
 * addresses only, each redirect checked, https, 3 s, 1 MB); only PNG or JPEG bytes are used.
 * Anything else prints the sheet without the logo (null).
 */
async function fetchLogo(url: string): Promise<PrintLogo | null> {
  try {
    const response = await outboundFetch({
      url,
      headers: { accept: 'image/png, image/jpeg' },
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
    });
    if (response.status !== 200) return null;
    const bytes = new Uint8Array(response.body);
    const kind = kindOf(bytes);
    return kind ? { kind, bytes } : null;
  } catch {
    return null;
  }
}

const cache = new Map<string, { value: Promise<PrintLogo | null>; expires: number }>();

/** The logo for a printed sheet, kept for 10 minutes per address (a failure too). */
export function logoForPrint(url: string | undefined): Promise<PrintLogo | null> {
  if (!url) return Promise.resolve(null);
  const hit = cache.get(url);
  if (hit && hit.expires > Date.now()) return hit.value;
  if (cache.size >= CACHE_MAX) cache.clear();
  const value = fetchLogo(url);
  cache.set(url, { value, expires: Date.now() + CACHE_MS });
  return value;
}
