import { lookup } from 'node:dns/promises';
import https from 'node:https';
import net from 'node:net';

/** A logo fetched for a printed sheet: PNG or JPEG bytes (what a PDF can embed). */
export interface PrintLogo {
  kind: 'png' | 'jpg';
  bytes: Uint8Array;
}

const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 3000;
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 200;

/** Whether an address is on the public internet (not this machine, a private network or link-local). */
export function isPublicAddress(ip: string): boolean {
  const v4 = net.isIPv4(ip) ? ip : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (!net.isIPv6(ip)) return false;
  const lower = ip.toLowerCase();
  return !(
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe8') ||
    lower.startsWith('fe9') ||
    lower.startsWith('fea') ||
    lower.startsWith('feb') ||
    lower.startsWith('ff')
  );
}

function kindOf(bytes: Uint8Array): PrintLogo['kind'] | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Fetches a brand's logo for a printed QR sheet. The server fetching an address a restaurant
 * typed is guarded: https only, the host must resolve to a public address (checked on the very
 * address connected to, so a second DNS answer cannot point inside), no redirects, 3 s, 1 MB,
 * and only PNG or JPEG bytes are used. Anything else prints the sheet without the logo (null).
 */
function fetchLogo(url: string): Promise<PrintLogo | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(null);
  }
  if (target.protocol !== 'https:') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = https.get(
      target,
      {
        timeout: TIMEOUT_MS,
        headers: { accept: 'image/png, image/jpeg' },
        lookup: (hostname, options, callback) => {
          lookup(hostname, { family: (options as { family?: number }).family ?? 0 })
            .then(({ address, family }) => {
              if (!isPublicAddress(address)) {
                callback(new Error('logo host is not public'), '', 0);
              } else callback(null, address, family);
            })
            .catch((error: Error) => callback(error, '', 0));
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(null);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            request.destroy();
            resolve(null);
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const bytes = new Uint8Array(Buffer.concat(chunks));
          const kind = kindOf(bytes);
          resolve(kind ? { kind, bytes } : null);
        });
        response.on('error', () => resolve(null));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
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
