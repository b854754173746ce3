import { SWRConfig, type SWRConfiguration } from 'swr';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from './components/Toasts/index.js';
import { ErrorBoundary } from './shell/screens/ErrorBoundary.js';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Reads retry a few times on failure; hooks that must not retry (whoami) say so themselves. */
const swrDefaults: SWRConfiguration = { errorRetryCount: 3 };

/** The console: providers around the router. The theme is put on <html> by main.tsx (shell/theme.ts). */
export function App({ router }: { router: AppRouter }) {
  return (
    <ErrorBoundary>
      <SWRConfig value={swrDefaults}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}
