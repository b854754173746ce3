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

/** A query value taken from a parameter of the page's path, after `prefix` (`eq.` and the id). */
export interface QueryFromPath {
  param: string;
  prefix?: string;
}

/** A query value: as it is, or taken from the page's URL. */
export type QueryValue = string | QueryFromPage | QueryFromPath;

/** An API read of a first render: `path` (relative to the console's base) and its query. */
export interface FirstData {
  path: string;
  query?: Record<string, QueryValue>;
  /**
   * A read that keeps the server busy a while (a summary over thousands of rows: on PGlite it
   * holds the event loop): asked for after the page's code, which would otherwise wait for it.
   */
  slow?: boolean;
}

/** What the value of a page's path parameter must be (the whole value, any case): a uuid. */
const PARAM_FORMATS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
} as const;
export type ParamFormat = keyof typeof PARAM_FORMATS;

/** Whether `value` is a uuid, the only id the database holds. */
export const isUuid = (value: string) => PARAM_FORMATS.uuid.test(value);

export interface FirstLoad {
  /**
   * The page's path under the console's base, without a leading slash: 'health', or with a
   * parameter per `:name` segment ('catalog/:id').
   */
  path: string;
  /**
   * The format each parameter of `path` must have for a path to be this page: /catalog/changes
   * is another page than /catalog/{uuid}, and nothing is preloaded for an id the page would not
   * ask for.
   */
  params?: Record<string, ParamFormat>;
  /** The lazily loaded modules that render it, from the shell down to the page (source paths). */
  modules: string[];
  data: FirstData[];
  /**
   * The server draws the page's first screen with its reads (server/src/http/first-screen.ts):
   * the browser shows it before the UI's code has run. For a page whose first screen is what
   * its reads draw, not what the browser measures (a virtualized list draws no rows on a server).
   */
  serverRendered?: boolean;
}

/**
 * The folder of the build's server renderer of first screens, beside index.html
 * (web/src/server-render.tsx): its entry and the chunks of the pages it draws.
 */
export const SERVER_RENDER_DIR = 'server-render';

/** The server renderer's entry. */
export const SERVER_RENDER_FILE = `${SERVER_RENDER_DIR}/render.mjs`;

/**
 * The id of the JSON data block a server-drawn page carries its first reads in, by the URL the
 * UI reads each at (its SWR key); the UI takes them from it instead of asking again.
 */
export const FIRST_READS_ID = 'ops-first-reads';

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

/**
 * The values of the parameters of `page`'s path in `path` (under the base, without a leading
 * slash, URI-encoded as a request has it), or undefined when `path` is not that page's.
 */
export function matchFirstLoad(
  page: Pick<FirstLoad, 'path' | 'params'>,
  path: string,
): Record<string, string> | undefined {
  const expected = page.path.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of expected.entries()) {
    if (!segment.startsWith(':')) {
      if (segment !== actual[i]) return undefined;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(actual[i]!);
    } catch {
      return undefined;
    }
    const name = segment.slice(1);
    const format = page.params?.[name];
    if (value === '' || (format !== undefined && !PARAM_FORMATS[format].test(value))) return undefined;
    params[name] = value;
  }
  return params;
}

/**
 * The URL of a first read for the page whose query parameters are `pageSearch` and path
 * parameters `pathParams`; undefined when it takes a parameter the path does not have.
 */
export function firstDataUrl(
  data: FirstData,
  pageSearch: PageSearch,
  pathParams: Record<string, string> = {},
): string | undefined {
  const query: Record<string, string> = {};
  for (const [name, spec] of Object.entries(data.query ?? {})) {
    if (typeof spec === 'string') {
      query[name] = spec;
    } else if ('param' in spec) {
      const value = pathParams[spec.param];
      if (value === undefined) return undefined;
      query[name] = `${spec.prefix ?? ''}${value}`;
    } else {
      const value = pageSearch.get(spec.from);
      query[name] = value !== null && spec.values.includes(value) ? value : spec.fallback;
    }
  }
  return apiPath(data.path, query);
}
