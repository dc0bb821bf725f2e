import { pickGuestLocale } from '@tavola/contract';
import { useEffect } from 'react';
import { setLocale, useLocale } from '@/lib/i18n';
import { useSession } from '@/lib/auth';

/**
 * Signed out, nobody's language is known yet: the sign-in pages speak the browser's, when it is
 * a staff language (Italian: its catalogs load on demand), and English otherwise. Signing in then
 * speaks the user's own. Renders the page again when the words arrive.
 */
export function useBrowserLanguage(): void {
  const signedIn = useSession() !== null;
  useLocale();
  useEffect(() => {
    if (signedIn) return;
    if (pickGuestLocale(navigator.languages ?? [navigator.language]) === 'it') {
      setLocale('it');
      void import('@/locales/staff-it');
    }
  }, [signedIn]);
}
