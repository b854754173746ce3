import type { ResourceKind } from '../../spec-editor/index.js';

export const SCRAPERS_PATH = '/catalog/scrapers';

export const scraperPath = (id: string) => `${SCRAPERS_PATH}/${encodeURIComponent(id)}`;

/** The Catalog Scraper kind as the catalog shows it: under /catalog/scrapers, back to its list. */
export const inCatalog = (kind: ResourceKind): ResourceKind => ({
  ...kind,
  listTitle: 'Scrapers',
  listPath: SCRAPERS_PATH,
  detailPath: scraperPath,
});
