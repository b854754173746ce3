/**
 * The catalog's /api/db write rules. Items, their changes and insights are written by the
 * scrapers only. Links between configs and from components to configs are the scrapers' too,
 * except the ones people make by hand: those carry selector_id 'manual', and only those may be
 * made or removed through /api/db (by whoever may write the catalog, which /api/db checks
 * before these rules run). A link is never edited in place: it is removed and made again.
 */
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget } from '../rest/write-rules.js';

export const MANUAL_SELECTOR = 'manual';
export const ITEM_WRITE_REFUSAL = 'Catalog items are written by their scrapers only';
export const CHANGE_WRITE_REFUSAL = 'Config changes are written by the scrapers only';
export const ANALYSIS_WRITE_REFUSAL = 'Insights are written by the scrapers only';
export const LINK_EDIT_REFUSAL = 'A link is not edited: remove it and make it again';
export const MANUAL_ONLY = `Only links with selector_id "${MANUAL_SELECTOR}" can be made through the API`;
export const SCRAPED_LINK_REFUSAL = 'Links made by a scraper are removed by the scraper only';

const refuse = (status: 403 | 405, message: string) =>
  new RestError(status, status === 405 ? 'PGRST405' : '42501', message);

const readOnly = (message: string) => ({
  validate() {
    throw refuse(405, message);
  },
});

/** Made by hand or not at all: every row written is manual, and so is every row it replaces or removes. */
const manualLinks = {
  validate({ method, rows }: WriteRequest) {
    if (method === 'PATCH') throw refuse(405, LINK_EDIT_REFUSAL);
    if (method === 'POST' && rows.some((row) => row.selector_id !== MANUAL_SELECTOR))
      throw refuse(403, MANUAL_ONLY);
  },
  async guard(target: WriteTarget) {
    const existing = await target.existing(['selector_id']);
    if (existing.some((row) => row.selector_id !== MANUAL_SELECTOR)) throw refuse(403, SCRAPED_LINK_REFUSAL);
  },
};

export const catalogWriteRules: WriteRules = {
  configs: readOnly(ITEM_WRITE_REFUSAL),
  // The platform's name for them (a view Postgres would write through to configs).
  config_items: readOnly(ITEM_WRITE_REFUSAL),
  config_changes: readOnly(CHANGE_WRITE_REFUSAL),
  config_analysis: readOnly(ANALYSIS_WRITE_REFUSAL),
  config_relationships: manualLinks,
  config_component_relationships: manualLinks,
};
