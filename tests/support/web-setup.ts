// Set-up for the UI's unit tests (jsdom): DOM matchers, how long findBy*/waitFor wait, and the
// browser APIs jsdom lacks that PatternFly and the shared components use.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor return as soon as their condition holds; the limit is only a safety net
// for a condition that never comes. Testing Library's default second is shorter than a lazy
// page's first render on a busy machine; jest's test timeout (jest.config.js) stays above this.
configure({ asyncUtilTimeout: 60_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
