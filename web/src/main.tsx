import '@patternfly/react-core/dist/styles/base.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { createAppRouter } from './routes.js';
import { keepTopmostModalReachable } from './lib/modal-stack.js';
import { applyInitialTheme } from './shell/theme.js';

// Before the first render, so a dark-theme user never sees a light flash.
applyInitialTheme();
keepTopmostModalReachable();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
);
