/** The catalog's rows as the UI reads them (spec 3 §3), shared by its pages. */
import type { AnalysisType } from '../../../../common/catalog.js';
import type { ConfigCosts } from './cost.js';

export type ConfigHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export interface AgentRef {
  id: string;
  name: string;
}

export interface ConfigItem extends ConfigCosts {
  id: string;
  name: string;
  type: string;
  config_class?: string | null;
  status?: string | null;
  health?: ConfigHealth | null;
  ready?: boolean;
  description?: string | null;
  namespace?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | null;
  created_at: string;
  updated_at?: string | null;
  deleted_at?: string | null;
  last_scraped_time?: string | null;
  cost_per_minute?: number | string | null;
  /** Count of changes in the summary windows. */
  changes?: number | null;
  /** Counts of open insights by analysis type. */
  analysis?: Record<string, number> | null;
  agent?: AgentRef | null;
  agent_id?: string;
  scraper_id?: string | null;
  config_scrapers?: { id: string; name: string } | null;
  config?: unknown;
  format?: string | null;
  summary?: ConfigItemSummary | null;
  related_ids?: string[] | null;
}

/** The config detail's counts, shown as the tab badges. */
export interface ConfigItemSummary {
  changes?: number;
  analysis?: number;
  relationships?: number;
  playbook_runs?: number;
  checks?: number;
}

export interface ConfigChange {
  id: string;
  config_id: string;
  change_type: string;
  summary?: string | null;
  tags?: Record<string, string> | null;
  severity?: string | null;
  source?: string | null;
  created_at: string;
  first_observed?: string | null;
  count?: number;
  created_by?: string | { id: string; name: string; avatar?: string | null } | null;
  external_created_by?: string | null;
  details?: unknown;
  patches?: unknown;
  diff?: string | null;
  /** The changed config's name, type and deletion, joined by the changes endpoint. */
  name?: string;
  config_type?: string;
  type?: string;
  deleted_at?: string | null;
  config?: { id: string; name: string; type: string; deleted_at?: string | null } | null;
}

export type { AnalysisType };

export interface ConfigAnalysis {
  id: string;
  config_id: string;
  config?: { id: string; name: string; type: string; config_class?: string | null } | null;
  analyzer: string;
  analysis_type: AnalysisType;
  severity: string;
  status: string;
  message?: string | null;
  summary?: string | null;
  first_observed: string;
  last_observed?: string | null;
  source?: string | null;
}
