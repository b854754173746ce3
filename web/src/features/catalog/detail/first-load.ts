import { apiPath, type FirstData, type FirstLoad } from '../../../../../common/first-load.js';
import { WHOAMI_PATH } from '../../../api/whoami-path.js';

const CONFIG_DETAIL_PATH = 'api/db/config_detail';
// The scraper is embedded through scraper_id, as the platform's config detail carries it.
const DETAIL_SELECT = '*,config_scrapers(id,name)';
const ID_FILTER = 'eq.';

/** The config item `id` with its scraper and its tab counts (an array of one row, or none). */
export const configDetailPath = (id: string) =>
  apiPath(CONFIG_DETAIL_PATH, { select: DETAIL_SELECT, id: `${ID_FILTER}${id}` });

/** The config detail the page reads first: configDetailPath of the id its path holds. */
const firstDetail: FirstData = {
  path: CONFIG_DETAIL_PATH,
  query: { select: DETAIL_SELECT, id: { param: 'id', prefix: ID_FILTER } },
};

/**
 * /catalog/{id}'s first render, its Config tab (the index route) with the details sidebar: the
 * shell, the layout and the tab (which draws the code), whoami (the shell waits for it) and the
 * config item. Only a uuid is an item's id: another path under /catalog is another page.
 */
export const CONFIG_FIRST_LOAD: FirstLoad = {
  path: 'catalog/:id',
  params: { id: 'uuid' },
  modules: [
    'web/src/shell/AppShell.tsx',
    'web/src/features/catalog/detail/ConfigLayout.tsx',
    'web/src/features/catalog/detail/ConfigTab.tsx',
  ],
  data: [{ path: WHOAMI_PATH }, firstDetail],
};
