import { RESOURCE_KINDS, resourcePageOf } from '../../spec-editor/index.js';
import { inCatalog } from './catalog-scraper-kind.js';
import { RunScraperButton } from './RunScraperButton.js';

/** /catalog/scrapers/{id}: the scraper's Spec and Job History (spec 3 §2.1), with Run now. */
export const CatalogScraperPage = resourcePageOf(inCatalog(RESOURCE_KINDS.config_scrapers), {
  actions: (id) => <RunScraperButton scraperId={id} />,
});
