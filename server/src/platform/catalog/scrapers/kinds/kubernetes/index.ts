/**
 * The `kubernetes` scraper kind (docs/catalog-kubernetes.md): a cluster's objects as catalog
 * items with their parents, links, health and findings, its Events as changes, and watches that
 * keep the items current between full scrapes.
 */
import type { ScraperKind } from '../../types.js';
import { scrapeKubernetes } from './scrape.js';
import { watchKubernetes } from './watch.js';

export const kubernetesKind: ScraperKind = {
  kind: 'kubernetes',
  scrape: scrapeKubernetes,
  watch: watchKubernetes,
};
