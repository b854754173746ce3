/**
 * What a page's first render needs before it can show anything: the lazily loaded modules that
 * draw it and the API reads it makes. The build writes it per page into the UI's manifest; the
 * server turns it into `<link rel="modulepreload">` and `<link rel="preload" as="fetch">` in the
 * page's HTML, so the browser asks for them at once instead of after each module has run. The UI
 * builds the same reads' URLs with `apiPath`, so the preloaded answers are the ones it uses.
 */

/** A query value taken from the page's URL: its parameter `from` when it holds one of `values`, else `fallback`. */
export interface QueryFromPage {
  from: string;
  values: readonly string[];
  fallback: string;
}

/** An API read of a first render: `path` (relative to the console's base) and its query. */
export interface FirstData {
  path: string;
  query?: Record<string, QueryFromPage>;
  /**
   * A read that keeps the server busy a while (a summary over thousands of rows: on PGlite it
   * holds the event loop): asked for after the page's code, which would otherwise wait for it.
   */
  slow?: boolean;
}

export interface FirstLoad {
  /** The page's path under the console's base, without a leading slash ('health'). */
  path: string;
  /** The lazily loaded modules that render it, from the shell down to the page (source paths). */
  modules: string[];
  data: FirstData[];
}

/** The build's file beside index.html listing each preloaded page with the output files of its modules. */
export const FIRST_LOAD_MANIFEST = 'first-load.json';

/**
 * The `<meta name>` of index.html whose content is the URL (relative to the base) of the
 * stylesheet of everything but the first load's pages: the UI applies it before any other page
 * renders, and fetches it early once the first page is up (web/src/lib/rest-styles.ts).
 */
export const REST_STYLESHEET_META = 'ops-rest-stylesheet';

export interface FirstLoadManifest {
  /** `modules` are the page's chunks relative to index.html, those index.html loads itself left out. */
  pages: FirstLoad[];
}

/** `path?name=value&…` with each value URI-encoded: the one spelling of an API read's URL. */
export function apiPath(path: string, query: Record<string, string> = {}): string {
  const pairs = Object.entries(query).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** The query parameters of the page's URL (a URLSearchParams). */
export interface PageSearch {
  get(name: string): string | null;
}

/** The URL of a first read for the page whose query parameters are `pageSearch`. */
export function firstDataUrl(data: FirstData, pageSearch: PageSearch): string {
  const query: Record<string, string> = {};
  for (const [name, { from, values, fallback }] of Object.entries(data.query ?? {})) {
    const value = pageSearch.get(from);
    query[name] = value !== null && values.includes(value) ? value : fallback;
  }
  return apiPath(data.path, query);
}
