import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppRoot } from './app-root.tsx';
import { MainLayout } from './main-layout.tsx';
import { RouteErrorScreen } from './error-boundary.tsx';
import { RouteLoading } from './route-loading.tsx';

/** Spec section 2's route table; every page module is loaded on demand and exports `Component`. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/auth', lazy: () => import('../pages/auth/auth.page.tsx') },
      { path: '/complete-profile', lazy: () => import('../pages/complete-profile/complete-profile.page.tsx') },
      {
        element: <MainLayout />,
        children: [
          {
            errorElement: <RouteErrorScreen />,
            children: [
              { index: true, lazy: () => import('../pages/search/search.page.tsx') },
              // The site's declared search action (/search?q=...): the search page, searching the query at once.
              { path: '/search', lazy: () => import('../pages/search/search.page.tsx') },
              { path: '/about', lazy: () => import('../pages/about/about.page.tsx') },
              { path: '/tutorial', lazy: () => import('../pages/tutorial/tutorial.page.tsx') },
              { path: '/privacy-policy', lazy: () => import('../pages/legal/privacy-policy.page.tsx') },
              { path: '/terms-and-conditions', lazy: () => import('../pages/legal/terms.page.tsx') },
              { path: '/settings', lazy: () => import('../pages/settings/settings.page.tsx') },
              { path: '/auth/callback', lazy: () => import('../pages/auth/auth-callback.page.tsx') },
              { path: '/auth/reset-password', lazy: () => import('../pages/auth/reset-password.page.tsx') },
              // A hit's detail view: its own address, so it can be shared and reloaded.
              { path: '/hits/:jobName/:database/:hitId', lazy: () => import('../pages/hit/hit.page.tsx') },
              // One segment that is none of the pages above: a vendor landing page (or "not found" for an unknown slug).
              { path: '/:vendor', lazy: () => import('../pages/search/search.page.tsx') },
              { path: '*', lazy: () => import('../pages/not-found/not-found.page.tsx') },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
