import { resourcePageOf } from '../../spec-editor/index.js';
import { CATALOG_SCRAPER_KIND, SETTINGS_SCRAPER_KIND } from './catalog-scraper-editor.js';
import { RunScraperButton } from './RunScraperButton.js';

const runNow = { actions: (id: string) => <RunScraperButton scraperId={id} /> };

/** /catalog/scrapers/{id}: the scraper's Spec and Job History (spec 3 §2.1), with Run now. */
export const CatalogScraperPage = resourcePageOf(CATALOG_SCRAPER_KIND, runNow);

/** /settings/config_scrapers/{id}: the same editor, back to the settings list. */
export const SettingsScraperPage = resourcePageOf(SETTINGS_SCRAPER_KIND, runNow);
