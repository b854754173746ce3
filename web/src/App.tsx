import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from './components/Toasts/index.js';
import { ErrorBoundary } from './shell/screens/ErrorBoundary.js';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Reads retry a few times on failure; hooks that must not retry (whoami) say so themselves. */
const swrDefaults: SWRConfiguration = { errorRetryCount: 3 };

/**
 * What every screen renders inside, in the browser and on the server (server-render.tsx); `swr` adds to
 * the defaults (the server's own cache, and the reads its first screen was drawn with).
 */
export function AppProviders({ swr, children }: { swr?: SWRConfiguration; children: ReactNode }) {
  return (
    <ErrorBoundary>
      <SWRConfig value={swr ? { ...swrDefaults, ...swr } : swrDefaults}>
        <ToastProvider>{children}</ToastProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}

/** The console: providers around the router. The theme is put on <html> by main.tsx (shell/theme.ts). */
export function App({ router, swr }: { router: AppRouter; swr?: SWRConfiguration }) {
  return (
    <AppProviders swr={swr}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
