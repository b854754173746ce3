import { resourcePageOf } from '../../spec-editor/index.js';
import { CATALOG_SCRAPER_KIND } from './catalog-scraper-editor.js';
import { RunScraperButton } from './RunScraperButton.js';

/** /catalog/scrapers/{id}: the scraper's Spec and Job History (spec 3 §2.1), with Run now. */
export const CatalogScraperPage = resourcePageOf(CATALOG_SCRAPER_KIND, {
  actions: (id) => <RunScraperButton scraperId={id} />,
});
