/**
 * The theme's names, shared by the UI (web/src/shell/theme.ts) and the script index.html runs
 * before the page is drawn: a first screen the server drew (server/src/http/first-screen.ts)
 * shows in the person's theme before the UI's code has run.
 */
export const THEME_STORAGE_KEY = 'ops-console.theme';
/** PatternFly 6 switches every component to its dark palette with this class on <html>. */
export const DARK_THEME_CLASS = 'pf-v6-theme-dark';

/**
 * The remembered choice, else the operating system's preference, put on <html> as
 * shell/theme.ts's applyInitialTheme does. Inline in index.html, allowed by the CSP through its
 * hash (THEME_SCRIPT_HASH): a file would be one more request before the first screen.
 */
export const THEME_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))` +
  `document.documentElement.classList.add(${JSON.stringify(DARK_THEME_CLASS)})}catch(e){}`;
