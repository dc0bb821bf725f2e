import type { GuardedScreen } from '@tavola/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterErrorPage } from '../features/errors/router-error-page';
import { RequireScreen } from './guards';

type LazyModule = Promise<{ default: ComponentType }>;

/** Each route loads only its own code. */
function lazyRoute(load: () => LazyModule, screen?: GuardedScreen): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { default: Page } = await load();
      return {
        Component: screen
          ? () => (
              <RequireScreen screen={screen}>
                <Page />
              </RequireScreen>
            )
          : Page,
      };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouterErrorPage />,
    children: [
      { index: true, ...lazyRoute(() => import('../features/landing/landing-page')) },
      { path: 'order', ...lazyRoute(() => import('../features/customer-order/order-page')) },
      { path: 'login', ...lazyRoute(() => import('../features/staff-auth/login-page')) },
      { path: 'team/login', ...lazyRoute(() => import('../features/staff-auth/team-login-page')) },
      { path: 'waiter', ...lazyRoute(() => import('../features/waiter/waiter-page'), 'waiter') },
      {
        path: 'kitchen',
        ...lazyRoute(() => import('../features/kitchen/kitchen-page'), 'kitchen'),
      },
      { path: 'bar', ...lazyRoute(() => import('../features/kitchen/bar-page'), 'bar') },
      {
        path: 'manager',
        ...lazyRoute(() => import('../features/manager/manager-page'), 'manager'),
      },
      { path: 'admin', ...lazyRoute(() => import('../features/admin/admin-page'), 'admin') },
      { path: 'team', ...lazyRoute(() => import('../features/team/team-page'), 'team') },
      { path: '*', ...lazyRoute(() => import('../features/errors/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
