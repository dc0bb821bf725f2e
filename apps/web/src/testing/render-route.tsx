import { permissionsForRole, type Role, type User } from '@tavola/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { sessionStore } from '@/lib/session-store';

/** A signed-in staff member of restaurant r1, with the role's permissions. */
export function staffUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: `${role}-1`,
    username: role,
    role,
    restaurant_id: 'r1',
    permissions: permissionsForRole(role),
    name: `Test ${role}`,
    status: 'active',
    restaurant: { id: 'r1', name: 'Trattoria Test', is_demo: false, timezone: 'Europe/Rome' },
    ...overrides,
  };
}

/**
 * Renders the app at `path` (its providers, guards, routes and data layer), the way a person opens
 * the address; only fetch and WebSocket are fakes (install them first). The query client does not
 * retry, so a failure shows at once.
 */
export function renderRoute(path: string, { user }: { user?: User } = {}) {
  if (user) sessionStore.set({ token: `token-${user.id}`, user });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user: userEvent.setup(), queryClient };
}

const ROUTE_MODULES = {
  '/': () => import('@/features/landing/landing-page'),
  '/login': () => import('@/features/staff-auth/login-page'),
  '/order': () => import('@/features/customer-order/order-page'),
  '/waiter': () => import('@/app/routes/waiter'),
  '/kitchen': () => import('@/app/routes/kitchen'),
  '/bar': () => import('@/app/routes/bar'),
  '/station': () => import('@/app/routes/station'),
  '/expo': () => import('@/app/routes/expo'),
  '/manager': () => import('@/app/routes/manager'),
  '/admin': () => import('@/app/routes/admin'),
  '/team': () => import('@/app/routes/team'),
} as const;

/**
 * Loads a dashboard route's code ahead of the tests (call it in `beforeAll`): on a busy machine
 * the first load can outlast a test's wait for the screen, while a hook waits for it as long as
 * it takes. The router's lazy import then finds the module loaded.
 */
export async function preloadRoute(path: keyof typeof ROUTE_MODULES): Promise<void> {
  await ROUTE_MODULES[path]();
}
