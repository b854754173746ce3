import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './ThemeToggle.js';
import { DARK_THEME_CLASS, THEME_STORAGE_KEY, applyInitialTheme, resetThemeForTests } from './theme.js';

const html = document.documentElement;

function preferDark(dark: boolean) {
  window.matchMedia = (query: string) =>
    ({ matches: dark && query === '(prefers-color-scheme: dark)', media: query }) as MediaQueryList;
}

beforeEach(() => {
  localStorage.clear();
  resetThemeForTests();
  preferDark(false);
});

describe('theme', () => {
  it('follows the operating system when nothing was chosen', () => {
    preferDark(true);
    expect(applyInitialTheme()).toBe('dark');
    expect(html).toHaveClass(DARK_THEME_CLASS);
    resetThemeForTests();
    preferDark(false);
    expect(applyInitialTheme()).toBe('light');
    expect(html).not.toHaveClass(DARK_THEME_CLASS);
  });

  it('prefers the remembered choice over the operating system', () => {
    preferDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(applyInitialTheme()).toBe('light');
    expect(html).not.toHaveClass(DARK_THEME_CLASS);
  });

  it('toggles PatternFly dark theme on <html> and remembers the choice', async () => {
    render(<ThemeToggle />);
    expect(html).not.toHaveClass(DARK_THEME_CLASS);

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(html).toHaveClass(DARK_THEME_CLASS);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(html).not.toHaveClass(DARK_THEME_CLASS);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('starts from the remembered theme after a reload', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(<ThemeToggle />);
    expect(html).toHaveClass(DARK_THEME_CLASS);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
