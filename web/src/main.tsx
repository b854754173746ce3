import '@patternfly/react-core/dist/styles/base.css';
import './styles.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { takeFirstReads, untilRouterReady } from './first-screen.js';
import { createAppRouter } from './routes.js';
import { keepTopmostModalReachable } from './lib/modal-stack.js';
import { applyInitialTheme } from './shell/theme.js';

// Before the first render, so a dark-theme user never sees a light flash.
applyInitialTheme();
keepTopmostModalReachable();

const container = document.getElementById('root')!;
// Before the router: its routes' loaders start the same reads, which the page then holds.
const firstReads = takeFirstReads();
const router = createAppRouter();
const app = (
  <StrictMode>
    <App router={router} swr={firstReads && { fallback: firstReads }} />
  </StrictMode>
);

const root = createRoot(container);
if (firstReads) {
  // The server drew the first screen: it stays until this render can replace it whole, its
  // page's code in and its reads taken, so nothing blinks to a spinner in between.
  await untilRouterReady(router);
  flushSync(() => root.render(app));
} else {
  root.render(app);
}
// A first screen the server drew is inert until replaced (server/src/http/first-screen.ts).
container.removeAttribute('inert');
container.removeAttribute('aria-hidden');
