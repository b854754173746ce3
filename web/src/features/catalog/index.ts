// What other areas use of the catalog: the settings table's Add of config scrapers.
export { AddSettingsScraperFlow } from './scrapers/AddScraperFlow.js';
