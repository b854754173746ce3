/**
 * The scraper kinds this console runs: a Kubernetes cluster, files (local or in git), an HTTP
 * answer and SQL rows. The engine runs each entry of `spec[kind]` through the kind of that name.
 */
import type { ScraperKind } from '../types.js';
import { fileKind } from './file.js';
import { httpKind } from './http.js';
import { kubernetesKind } from './kubernetes/index.js';
import { sqlKind } from './sql.js';

export const SCRAPER_KINDS: ScraperKind[] = [kubernetesKind, fileKind, httpKind, sqlKind];

export { EntryError, extractItems, type BaseFields } from './extract.js';
