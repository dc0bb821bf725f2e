import { useState } from 'react';
import { cn } from '@/lib/cn';

/** Only an https address is ever put in an image's src (the server accepts no other). */
const isHttps = (url: string | undefined): url is string =>
  typeof url === 'string' && url.startsWith('https://');

/**
 * A brand's logo, or nothing (no logo, or one that does not load). Decorative beside the brand
 * name, which says the same in words.
 */
export function BrandLogo({ url, className }: { url: string | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isHttps(url) || failed === url) return null;
  return (
    <img
      src={url}
      alt=""
      referrerPolicy="no-referrer"
      className={cn('h-8 w-auto max-w-32 object-contain', className)}
      onError={() => setFailed(url)}
    />
  );
}
