import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { createRouter } from './router';
import { AppErrorBoundary } from './screens/error-screen';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/**
 * The whole app around a router: the browser's (main.tsx), or a memory router at build time that
 * renders a public page to HTML (prerender.tsx). One tree for both, so that the browser can take
 * over the prerendered page (hydrate) without rebuilding it. The browser passes its query client, which
 * it fills with the first page's answers before the first render (page-data.ts).
 */
export function App({ router: given, queryClient }: { router?: Router; queryClient?: QueryClient }) {
  const [router] = useState(() => given ?? createRouter());
  // A page rendered before the app ran has its controls marked as not ready yet (public/app-start.js): from now on they work.
  useEffect(() => document.getElementById('root')?.removeAttribute('aria-disabled'), []);
  return (
    <AppErrorBoundary>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
