/**
 * The config detail's calls and SWR keys (spec 3 §7): the item with its scraper and its tab counts
 * (config_detail, under its URL: the page's HTML preloads it, first-load.ts) and the checks linked
 * to it (check_summary_for_config). The refresh revalidates the item and every key starting with
 * configKeyPrefix(id).
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { isUuid } from '../../../../../common/first-load.js';
import { apiJson, db, useDbQuery, type ApiError } from '../../../api/index.js';
import type { ConfigItem } from '../types.js';
import { configDetailPath } from './first-load.js';

/** Only an id the database can hold is asked for; anything else is simply not found. */
export const isConfigId = isUuid;

export const configKeyPrefix = (id: string) => `catalog:config:${id}:`;
export const configChecksKey = (id: string) => `${configKeyPrefix(id)}checks`;

/** The one row of config_detail that `path` (configDetailPath) asks for, or null. */
const firstRow = async (path: string) => (await apiJson<ConfigItem[]>(path))[0] ?? null;

/**
 * The config item with its summary counts (changes, analysis, relationships, playbook_runs,
 * checks); null when there is no such item. Tabs that need the item read it under the same key.
 */
export function useConfigDetail(id: string) {
  return useSWR<ConfigItem | null, ApiError>(isConfigId(id) ? configDetailPath(id) : null, firstRow, {
    revalidateOnFocus: false,
  });
}

/** Revalidates every query of the config's page (the refresh button). */
export function useRefreshConfig(id: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      mutate(
        (key) =>
          typeof key === 'string' && (key === configDetailPath(id) || key.startsWith(configKeyPrefix(id))),
      ),
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
