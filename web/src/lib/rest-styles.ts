/**
 * The stylesheet of the pages and components the first load does not show. The production build
 * splits the UI's CSS (hack/css-prune.ts): index.html links, render-blocking, only what the first
 * load's pages use, and names the rest in a meta (REST_STYLESHEET_META). Every other page, and
 * every lazily loaded component, waits for the rest stylesheet with its module (`withRestStyles`),
 * so it never renders unstyled; `prefetchRestStyles` fetches it at low priority once the first
 * page's screen is shown, so navigating later does not wait. A lazily loaded component of a
 * first-load page (HealthPage's check drawer, the user menu's dialog) is wrapped too; those of
 * other pages need not be (their page waited). The rest is applied after the first stylesheet,
 * and its rules came after the first's in the build's single stylesheet wherever their order
 * matters (see splitCss). Without the meta (a development build's single stylesheet, tests)
 * there is nothing to wait for.
 */
import { REST_STYLESHEET_META } from '../../../common/first-load.js';

let loading: Promise<void> | undefined;

/** The rest stylesheet's `<link>`, inserted once; resolves once it applies. */
export function loadRestStyles(priority: 'high' | 'low' = 'high'): Promise<void> {
  if (loading) return loading;
  const href = document.querySelector<HTMLMetaElement>(`meta[name="${REST_STYLESHEET_META}"]`)?.content;
  if (!href) return (loading = Promise.resolve());
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // Relative to <base href>, which the server sets to the console's base path.
  link.href = href;
  if (priority === 'low') link.setAttribute('fetchpriority', 'low');
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        // A later page asks again (a new deploy's index.html may name another file).
        link.remove();
        loading = undefined;
        reject(new Error('The console could not load its styles. Reload the page.'));
      },
      { once: true },
    );
  });
  loading = loaded;
  document.head.appendChild(link);
  return loaded;
}

/** `load` (a lazily loaded module) that resolves once the module and the rest stylesheet are both in. */
export function withRestStyles<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadRestStyles()]))[0];
}

/**
 * Fetches the rest stylesheet at low priority when the browser is next idle: a first-load page
 * calls it once its first screen is shown (its data in), so the fetch takes nothing from it.
 */
export function prefetchRestStyles(): void {
  if (loading) return;
  const start = () => void loadRestStyles('low').catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** Forgets the stylesheet asked for (tests). */
export function resetRestStyles(): void {
  loading = undefined;
}
