import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { refreshProfile } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime/provider';

/** Garbage time 5 minutes, 3 retries with exponential delay capped at 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * What every screen shares, mounted once above the router: the query cache, the staff member's
 * one live connection (so it survives moving between screens) and the toaster.
 */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** Tests pass their own (no retries); the app makes one. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => {
    void refreshProfile();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        {children}
        <Toaster />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
