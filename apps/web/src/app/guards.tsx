import { canOpenScreen, SCREEN_FALLBACK, type GuardedScreen } from '@tavola/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/lib/auth';

/** Mirrors the contract's access table (`auth/guards`); the server checks every call regardless. */
export function RequireScreen({
  screen,
  children,
}: {
  screen: GuardedScreen;
  children: ReactNode;
}) {
  const session = useSession();
  if (!canOpenScreen(screen, session?.user)) {
    return <Navigate to={SCREEN_FALLBACK[screen]} replace />;
  }
  return children;
}
