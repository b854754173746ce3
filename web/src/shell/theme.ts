import { useSyncExternalStore } from 'react';
import { DARK_THEME_CLASS, THEME_STORAGE_KEY } from '../../../common/theme.js';

export { DARK_THEME_CLASS, THEME_STORAGE_KEY };

export type Theme = 'light' | 'dark';

function storedTheme(): Theme | undefined {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

function preferredTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The remembered choice, else the operating system's preference. */
export function initialTheme(): Theme {
  return storedTheme() ?? preferredTheme();
}

let current: Theme | undefined;
const listeners = new Set<() => void>();

function put(theme: Theme): Theme {
  current = theme;
  document.documentElement.classList.toggle(DARK_THEME_CLASS, theme === 'dark');
  return theme;
}

/** Puts the initial theme on <html>; main.tsx calls it before the first render so nothing flashes. */
export function applyInitialTheme(): Theme {
  return put(initialTheme());
}

/** Switches the theme and remembers the choice. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this page only.
  }
  put(theme);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Idempotent, so it may run during render: the first reader puts the initial theme in place.
function snapshot(): Theme {
  return current ?? applyInitialTheme();
}

/** The current theme and a setter; every user of the hook follows the same theme. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  // The server's first screen draws the toggle for the light theme; the browser's render follows
  // the theme main.tsx put in place.
  return [useSyncExternalStore(subscribe, snapshot, () => 'light'), setTheme];
}

/** Test helper: forget the applied theme so the next read starts over from storage and preference. */
export function resetThemeForTests(): void {
  current = undefined;
  document.documentElement.classList.remove(DARK_THEME_CLASS);
}
