import { RESOURCE_KINDS, type ResourceKind } from '../../spec-editor/index.js';
import { inCatalog } from './catalog-scraper-kind.js';
import { SCRAPER_FORMS } from './scraper-fields.js';

/** The scraper editor under /settings/config_scrapers: with the Form of the kinds that have one. */
export const SETTINGS_SCRAPER_KIND: ResourceKind = {
  ...RESOURCE_KINDS.config_scrapers,
  forms: SCRAPER_FORMS,
};

/** The catalog's scraper editor: the same, under /catalog/scrapers. */
export const CATALOG_SCRAPER_KIND: ResourceKind = inCatalog(SETTINGS_SCRAPER_KIND);

export type ScraperEditorPlace = 'catalog' | 'settings';

export const scraperKindOf = (place: ScraperEditorPlace) =>
  place === 'catalog' ? CATALOG_SCRAPER_KIND : SETTINGS_SCRAPER_KIND;
