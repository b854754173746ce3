import { RESOURCE_KINDS, type ResourceKind } from '../../spec-editor/index.js';
import { inCatalog } from './catalog-scraper-kind.js';
import { SCRAPER_FORMS } from './scraper-fields.js';

/** The catalog's scraper editor: under /catalog/scrapers, with the Form of the kinds that have one. */
export const CATALOG_SCRAPER_KIND: ResourceKind = {
  ...inCatalog(RESOURCE_KINDS.config_scrapers),
  forms: SCRAPER_FORMS,
};
