/**
 * What the detail panel reads of a component (spec 3 §7): its catalog links, incidents, changes,
 * checks, teams and insights from the /api/db views, a page of 50 at a time (spec 3 §9).
 */
import { db, dbError } from '../../../api/index.js';

/** Spec 3 §9: the panel's lists page 50 items. */
export const PANEL_PAGE_SIZE = 50;

/** A link made by hand rather than by a topology's or scraper's selector. */
export const MANUAL_SELECTOR = 'manual';

export interface LinkedConfig {
  id: string;
  name: string;
  type?: string | null;
  config_class?: string | null;
  health?: string | null;
  status?: string | null;
}

/** A config_component_relationships row with its config. */
export interface ComponentConfigLink {
  component_id: string;
  config_id: string;
  selector_id: string;
  created_at?: string;
  configs: LinkedConfig | null;
}

export interface ComponentIncident {
  id: string;
  incident_id?: string | null;
  title: string;
  type?: string | null;
  status?: string | null;
  severity?: string | null;
  created_at: string;
}

export interface ComponentChange {
  id: string;
  config_id: string;
  change_type: string;
  severity?: string | null;
  summary?: string | null;
  source?: string | null;
  created_at: string;
  name?: string | null;
  config_type?: string | null;
}

export interface ComponentCheck {
  check_id: string;
  canary_id?: string | null;
  name: string;
  type?: string | null;
  icon?: string | null;
  status?: string | null;
  last_runtime?: string | null;
}

export interface ComponentTeam {
  team_id: string;
  component_id: string;
  role?: string | null;
  selector_id?: string;
  team: { id: string; name: string; icon?: string | null } | null;
}

export interface ComponentInsight {
  id: string;
  config_id: string;
  analyzer?: string | null;
  analysis_type?: string | null;
  severity?: string | null;
  status?: string | null;
  message?: string | null;
  last_observed?: string | null;
  name?: string | null;
  config_type?: string | null;
}

/** The page `pageIndex` of `pageSize` rows, as postgrest-js ranges count (inclusive). */
const pageRange = (pageIndex: number, pageSize: number): [number, number] => [
  pageIndex * pageSize,
  (pageIndex + 1) * pageSize - 1,
];

// ─── Catalog ────────────────────────────────────────────────────────────────────────────────────

const LINK_SELECT = '*,configs:config_id(id,name,type,config_class,health,status)';

export const componentConfigsKey = (componentId: string) =>
  `config_component_relationships?component_id=${componentId}`;

export function listComponentConfigs(componentId: string, pageIndex: number, pageSize: number) {
  return db
    .from('config_component_relationships')
    .select(LINK_SELECT)
    .eq('component_id', componentId)
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .order('config_id')
    .range(...pageRange(pageIndex, pageSize))
    .overrideTypes<ComponentConfigLink[], { merge: false }>();
}

/** Removes a link made by hand; links made by selectors are the topology's to remove. */
export async function unlinkConfig(link: Pick<ComponentConfigLink, 'component_id' | 'config_id'>) {
  const { error, status } = await db
    .from('config_component_relationships')
    .delete()
    .eq('component_id', link.component_id)
    .eq('config_id', link.config_id)
    .eq('selector_id', MANUAL_SELECTOR);
  if (error) throw dbError(error, status);
}

// ─── Incidents ──────────────────────────────────────────────────────────────────────────────────

export const componentIncidentsKey = (componentId: string) =>
  `incidents_by_component?component_id=${componentId}`;

export function listComponentIncidents(componentId: string, pageIndex: number, pageSize: number) {
  return db
    .from('incidents_by_component')
    .select('id,incident_id,title,type,status,severity,created_at')
    .eq('component_id', componentId)
    .order('created_at', { ascending: false })
    .order('id')
    .range(...pageRange(pageIndex, pageSize))
    .overrideTypes<ComponentIncident[], { merge: false }>();
}

// ─── Changes ────────────────────────────────────────────────────────────────────────────────────

export const componentChangesKey = (componentId: string) =>
  `changes_by_component?component_id=${componentId}`;

export function listComponentChanges(componentId: string, pageIndex: number, pageSize: number) {
  return db
    .from('changes_by_component')
    .select('id,config_id,change_type,severity,summary,source,created_at,name,config_type')
    .eq('component_id', componentId)
    .order('created_at', { ascending: false })
    .order('id')
    .range(...pageRange(pageIndex, pageSize))
    .overrideTypes<ComponentChange[], { merge: false }>();
}

// ─── Checks ─────────────────────────────────────────────────────────────────────────────────────

export const componentChecksKey = (componentId: string) => `checks_by_component?component_id=${componentId}`;

export function listComponentChecks(componentId: string, pageIndex: number, pageSize: number) {
  return db
    .from('checks_by_component')
    .select('check_id,canary_id,name,type,icon,status,last_runtime')
    .eq('component_id', componentId)
    .order('name')
    .order('check_id')
    .range(...pageRange(pageIndex, pageSize))
    .overrideTypes<ComponentCheck[], { merge: false }>();
}

// ─── Teams ──────────────────────────────────────────────────────────────────────────────────────

export const componentTeamsKey = (componentId: string) => `team_components?component_id=${componentId}`;

export function listComponentTeams(componentId: string, pageIndex: number, pageSize: number) {
  return db
    .from('team_components')
    .select('*,team:team_id(id,name,icon)')
    .eq('component_id', componentId)
    .order('team_id')
    .range(...pageRange(pageIndex, pageSize))
    .overrideTypes<ComponentTeam[], { merge: false }>();
}

// ─── Insights ───────────────────────────────────────────────────────────────────────────────────

export const componentInsightsKey = (componentId: string) =>
  `analysis_by_component?component_id=${componentId}`;

export function listComponentInsights(componentId: string, pageIndex: number, pageSize: number) {
  return db
    .from('analysis_by_component')
    .select('id,config_id,analyzer,analysis_type,severity,status,message,last_observed,name,config_type')
    .eq('component_id', componentId)
    .order('last_observed', { ascending: false, nullsFirst: false })
    .order('id')
    .range(...pageRange(pageIndex, pageSize))
    .overrideTypes<ComponentInsight[], { merge: false }>();
}
