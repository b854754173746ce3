/**
 * The config detail's calls and SWR keys (spec 3 §7): the item with its scraper and its tab counts
 * (config_detail) and the checks linked to it (check_summary_for_config). Every key starts with
 * configKeyPrefix(id), so one refresh revalidates every part of the page.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { db, useDbQuery } from '../../../api/index.js';
import type { ConfigItem } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only an id the database can hold is asked for; anything else is simply not found. */
export const isConfigId = (id: string) => UUID.test(id);

export const configKeyPrefix = (id: string) => `catalog:config:${id}:`;
export const configDetailKey = (id: string) => `${configKeyPrefix(id)}detail`;
export const configChecksKey = (id: string) => `${configKeyPrefix(id)}checks`;

// The scraper is embedded through scraper_id, as the platform's config detail carries it.
const DETAIL_SELECT = '*,config_scrapers(id,name)';

export const getConfigDetail = (id: string) =>
  db.from('config_detail').select(DETAIL_SELECT).eq('id', id).maybeSingle<ConfigItem>();

/**
 * The config item with its summary counts (changes, analysis, relationships, playbook_runs,
 * checks); null when there is no such item. Tabs that need the item read it under the same key.
 */
export function useConfigDetail(id: string) {
  return useDbQuery<ConfigItem | null>(
    isConfigId(id) ? configDetailKey(id) : null,
    () => getConfigDetail(id),
    {
      revalidateOnFocus: false,
    },
  );
}

/** Revalidates every query of the config's page (the refresh button). */
export function useRefreshConfig(id: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => typeof key === 'string' && key.startsWith(configKeyPrefix(id))),
    [mutate, id],
  );
}

// ─── The config body ──────────────────────────────────────────────────────────────────────────────

export type ConfigBodyLanguage = 'json' | 'yaml' | 'text';

/** The language the body is shown in: its format, JSON when it has none. */
export function configLanguage(format: string | null | undefined): ConfigBodyLanguage {
  const name = (format ?? '').trim().toLowerCase();
  if (name === '' || name === 'json') return 'json';
  if (name === 'yaml' || name === 'yml') return 'yaml';
  return 'text';
}

/**
 * The body as the Config tab shows it: a text body (kept as a JSON string, or as {content}) as it
 * is; a structured one as JSON, or YAML when that is its format, with keys sorted (CodeViewer).
 */
export function configBody(config: Pick<ConfigItem, 'config' | 'format'>): {
  value: unknown;
  language: ConfigBodyLanguage;
} {
  const language = configLanguage(config.format);
  const body = config.config;
  if (body === null || body === undefined) return { value: '', language };
  if (typeof body === 'string') return { value: body, language };
  const { content, ...rest } = body as { content?: unknown };
  if (typeof content === 'string' && Object.keys(rest).every((key) => key === 'format'))
    return { value: content, language };
  // A structured body with a format we cannot write (properties, xml) is shown as JSON.
  return { value: body, language: language === 'yaml' ? 'yaml' : 'json' };
}

// ─── Checks ───────────────────────────────────────────────────────────────────────────────────────

export interface ConfigCheck {
  id: string;
  config_id: string;
  canary_id: string;
  name: string;
  type: string;
  icon?: string | null;
  namespace?: string | null;
  status?: string | null;
  severity?: string | null;
  last_runtime?: string | null;
  uptime?: { passed?: number | null; failed?: number | null } | null;
  latency?: { p95?: number | null; p97?: number | null; p99?: number | null } | null;
}

export const listConfigChecks = (id: string) =>
  db
    .from('check_summary_for_config')
    .select('*')
    .eq('config_id', id)
    .order('name', { ascending: true })
    .overrideTypes<ConfigCheck[], { merge: false }>();

/** The checks linked to the config (GET check_summary_for_config?config_id=eq.{id}). */
export const useConfigChecks = (id: string) =>
  useDbQuery<ConfigCheck[]>(isConfigId(id) ? configChecksKey(id) : null, () => listConfigChecks(id), {
    revalidateOnFocus: false,
  });
