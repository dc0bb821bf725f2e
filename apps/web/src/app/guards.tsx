import { canOpenScreen, SCREEN_FALLBACK, type GuardedScreen } from '@tavola/contract';
import { Fragment, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/lib/auth';
import { useLocaleVersion } from '@/lib/i18n';

/** Mirrors the contract's access table (`auth/guards`); the server checks every call regardless. */
export function RequireScreen({
  screen,
  children,
}: {
  screen: GuardedScreen;
  children: ReactNode;
}) {
  const session = useSession();
  // A staff screen's words are read as it renders: it renders anew in the user's language once
  // that language's catalogs have loaded.
  const words = useLocaleVersion();
  if (!canOpenScreen(screen, session?.user)) {
    return <Navigate to={SCREEN_FALLBACK[screen]} replace />;
  }
  return <Fragment key={words}>{children}</Fragment>;
}
