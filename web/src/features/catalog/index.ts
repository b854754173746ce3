// What other areas use of the catalog: the settings table's Add of config scrapers, and the
// scraper editor's kind (its Form) for pages that show a scraper elsewhere (integrations).
export { AddSettingsScraperFlow } from './scrapers/AddScraperFlow.js';
export { SETTINGS_SCRAPER_KIND } from './scrapers/catalog-scraper-editor.js';
