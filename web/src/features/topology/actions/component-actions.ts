/** Where the component actions go, and the calls they make (spec 3 §2.2, §7). */
import { apiFetch, db, dbError } from '../../../api/index.js';
import { MANUAL_SELECTOR, type LinkedConfig } from '../panel/panel-api.js';
import type { TopologyComponent } from '../types.js';

/** /logs for the component (spec 3 §2.2). */
export const logsPath = (componentId: string) =>
  `/logs?${new URLSearchParams({ topologyId: componentId }).toString()}`;

/**
 * /topology/{id} of a child, keeping the page's other query parameters; from a parent's page
 * (`currentId`), `refererId` names that parent so the child's page can lead back.
 */
export function zoomInPath(componentId: string, currentSearch: string, currentId?: string): string {
  const query = new URLSearchParams(currentSearch);
  if (currentId && currentId !== componentId) query.set('refererId', currentId);
  else query.delete('refererId');
  const text = query.toString();
  return `/topology/${encodeURIComponent(componentId)}${text ? `?${text}` : ''}`;
}

/** View Logs needs somewhere to look: the component's id outside the console. */
export const hasLogs = (component: TopologyComponent) => !!component.external_id?.trim();

// ─── Snapshot ───────────────────────────────────────────────────────────────────────────────────

/** The time ranges the platform's snapshot dialog offers; the first is the default. */
export const SNAPSHOT_RANGES = [
  { value: '15m', label: '15 minutes' },
  { value: '1h', label: '1 hour' },
  { value: '2h', label: '2 hours' },
  { value: '3h', label: '3 hours' },
  { value: '6h', label: '6 hours' },
  { value: '12h', label: '12 hours' },
  { value: '1d', label: '1 day' },
  { value: '2d', label: '2 days' },
  { value: '3d', label: '3 days' },
  { value: '1w', label: '1 week' },
  { value: '2w', label: '2 weeks' },
  { value: '3w', label: '3 weeks' },
  { value: '1mo', label: '1 month' },
  { value: '2mo', label: '2 months' },
  { value: '3mo', label: '3 months' },
  { value: '6mo', label: '6 months' },
  { value: '1y', label: '1 year' },
  { value: '2y', label: '2 years' },
  { value: '3y', label: '3 years' },
  { value: '5y', label: '5 years' },
] as const;

export const SNAPSHOT_ERROR = 'Error downloading file';

export const snapshotPath = (componentId: string, start: string, related: boolean) =>
  `api/snapshot/topology/${encodeURIComponent(componentId)}?${new URLSearchParams({
    start,
    related: String(related),
  }).toString()}`;

/** The zip's name: the component's, made safe for a file system. */
export const snapshotFileName = (component: Pick<TopologyComponent, 'name'>) =>
  `${component.name.replace(/[^\w.-]+/g, '-') || 'component'}-snapshot.zip`;

/** The snapshot zip of the component since `start`, with its related components or not. */
export async function fetchSnapshot(componentId: string, start: string, related: boolean): Promise<Blob> {
  const response = await apiFetch(snapshotPath(componentId, start, related), {
    headers: { Accept: 'application/zip' },
    // A snapshot of a large subtree takes a while to gather.
    timeoutMs: 120_000,
  });
  return response.blob();
}

/** Hands a fetched file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// ─── Link to catalog ────────────────────────────────────────────────────────────────────────────

/** Spec 3 §2.2: the catalog search answers at most 50 items, 1000 ms after the last key. */
export const CATALOG_SEARCH_LIMIT = 50;
export const CATALOG_SEARCH_DEBOUNCE_MS = 1000;
export const LINKED = 'config link successful';

/** A catalog item as the search lists it: the panel's linked config shape. */
export type CatalogChoice = LinkedConfig;

export const catalogSearchKey = (text: string) => `config_names?search=${text}&limit=${CATALOG_SEARCH_LIMIT}`;

/** Live catalog items whose name holds `text` (every item, by name, when empty). */
export function searchCatalog(text: string) {
  let query = db
    .from('config_names')
    .select('id,name,type,config_class,health,status')
    .is('deleted_at', null);
  // `*` is PostgREST's wildcard; characters a filter or LIKE would read as syntax are left out of the term.
  const term = text.trim().replace(/[*%_\\,()]/g, '');
  if (term) query = query.ilike('name', `*${term}*`);
  return query
    .order('name')
    .order('id')
    .limit(CATALOG_SEARCH_LIMIT)
    .overrideTypes<CatalogChoice[], { merge: false }>();
}

/** A link made by hand between the component and a catalog item. */
export async function linkToCatalog(componentId: string, configId: string): Promise<void> {
  const { error, status } = await db
    .from('config_component_relationships')
    .insert({ component_id: componentId, config_id: configId, selector_id: MANUAL_SELECTOR });
  if (error) throw dbError(error, status);
}
