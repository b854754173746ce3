// The changes lists' filters as kept in the URL (spec 3 §2.1, §9), so a link shares exactly what
// is shown. Defaults are left out of the URL: the last 2 days, downstream on and upstream off,
// deleted configs' changes hidden. Sort and page are the table's own parameters.
import type { TriState } from '../../../components/ToggleFilter/index.js';
import {
  DEFAULT_TIME_RANGE,
  isSameTimeRange,
  timeRangeFromValues,
  type TimeRange,
} from '../../../lib/time-range/index.js';

/** Spec 3 §9: changes default to the last 2 days. */
export const DEFAULT_CHANGES_RANGE: TimeRange = DEFAULT_TIME_RANGE;

/** Spec 3 §9: page size 200, newest first. */
export const CHANGES_PAGE_SIZE = 200;
export const DEFAULT_CHANGES_SORT = { by: 'created_at', order: 'desc' } as const;

/** Spec 3 §9 severity levels, highest first; a chosen level also shows the ones above it. */
export const CHANGE_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type ChangeSeverity = (typeof CHANGE_SEVERITIES)[number];

/** The free-text filters, by their request and URL name. */
export const TEXT_FILTERS = [
  { name: 'summary', label: 'Summary' },
  { name: 'source', label: 'Source' },
  { name: 'created_by', label: 'Created by' },
  { name: 'external_created_by', label: 'External created by' },
] as const;
export type TextFilterName = (typeof TEXT_FILTERS)[number]['name'];

export type { TriState };

/** One tag filter: `key=value`, or `key!=value` when excluded. */
export interface TagFilter {
  key: string;
  value: string;
  exclude: boolean;
}

export interface ChangesFilters {
  changeTypes: TriState;
  configTypes: TriState;
  severity?: ChangeSeverity;
  range: TimeRange;
  tags: TagFilter[];
  text: Partial<Record<TextFilterName, string>>;
  upstream: boolean;
  downstream: boolean;
  includeDeletedConfigs: boolean;
}

/** The URL parameter holding the change the detail shows. */
export const CHANGE_ID_PARAM = 'changeId';

// ─── Multi-value filters: 'a,!b' ───────────────────────────────────────────────────────────────

/** 'diff,!deleted' → { diff: 1, deleted: -1 }; the request takes the same form. */
export function parseTriState(raw: string | null | undefined): TriState {
  const state: TriState = {};
  for (const part of (raw ?? '').split(',')) {
    const excluded = part.startsWith('!');
    const value = (excluded ? part.slice(1) : part).trim();
    if (value) state[value] = excluded ? -1 : 1;
  }
  return state;
}

/** { diff: 1, deleted: -1 } → 'diff,!deleted'; undefined when nothing is chosen. */
export function formatTriState(state: TriState): string | undefined {
  const parts = Object.entries(state)
    .filter(([, toggle]) => toggle !== 0)
    .map(([value, toggle]) => (toggle === -1 ? `!${value}` : value));
  return parts.length > 0 ? parts.join(',') : undefined;
}

// ─── Tags: 'env=prod,team!=core' ───────────────────────────────────────────────────────────────

export function parseTags(raw: string | null | undefined): TagFilter[] {
  const tags: TagFilter[] = [];
  for (const part of (raw ?? '').split(',')) {
    const match = /^([^=!]+)(!?=)(.*)$/.exec(part.trim());
    if (match) tags.push({ key: match[1]!.trim(), value: match[3]!.trim(), exclude: match[2] === '!=' });
  }
  return tags;
}

export const formatTag = ({ key, value, exclude }: TagFilter) => `${key}${exclude ? '!=' : '='}${value}`;

export function formatTags(tags: TagFilter[]): string | undefined {
  return tags.length > 0 ? tags.map(formatTag).join(',') : undefined;
}

/** The tags with `tag` added, replacing a filter on the same key and value. */
export function withTag(tags: TagFilter[], tag: TagFilter): TagFilter[] {
  return [...tags.filter((other) => other.key !== tag.key || other.value !== tag.value), tag];
}

// ─── The URL ────────────────────────────────────────────────────────────────────────────────────

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** The filters a URL holds; unknown values fall back to the defaults rather than failing. */
export function readChangesFilters(search: URLSearchParams): ChangesFilters {
  const text: ChangesFilters['text'] = {};
  for (const { name } of TEXT_FILTERS) {
    const value = search.get(name)?.trim();
    if (value) text[name] = value;
  }
  return {
    changeTypes: parseTriState(search.get('changeType')),
    // The catalog's tabs carry a single configType; several, or exclusions, are configTypes.
    configTypes: parseTriState(search.get('configTypes') ?? search.get('configType')),
    severity: oneOf(CHANGE_SEVERITIES, search.get('severity')),
    range: timeRangeFromValues(search.get('from'), search.get('to')) ?? DEFAULT_CHANGES_RANGE,
    tags: parseTags(search.get('tags')),
    text,
    upstream: search.get('upstream') === 'true',
    downstream: search.get('downstream') !== 'false',
    includeDeletedConfigs: search.get('showDeletedConfigs') === 'true',
  };
}

const setOrDelete = (params: URLSearchParams, name: string, value: string | undefined) => {
  if (value) params.set(name, value);
  else params.delete(name);
};

/**
 * A copy of `search` with `change` applied: defaults removed, other parameters kept, and the
 * table back on its first page, since the rows it paged through are no longer the same.
 */
export function writeChangesFilters(
  search: URLSearchParams,
  change: Partial<ChangesFilters>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (change.changeTypes) setOrDelete(next, 'changeType', formatTriState(change.changeTypes));
  if (change.configTypes) {
    // One included type is the catalog tabs' own configType, which they carry across.
    const chosen = Object.entries(change.configTypes).filter(([, toggle]) => toggle !== 0);
    const single = chosen.length === 1 && chosen[0]![1] === 1 ? chosen[0]![0] : undefined;
    setOrDelete(next, 'configType', single);
    setOrDelete(next, 'configTypes', single ? undefined : formatTriState(change.configTypes));
  }
  if ('severity' in change) setOrDelete(next, 'severity', change.severity);
  if (change.range) {
    const isDefault = isSameTimeRange(change.range, DEFAULT_CHANGES_RANGE);
    setOrDelete(next, 'from', isDefault ? undefined : change.range.from);
    setOrDelete(next, 'to', isDefault ? undefined : change.range.to);
  }
  if (change.tags) setOrDelete(next, 'tags', formatTags(change.tags));
  if (change.text) {
    for (const { name } of TEXT_FILTERS) {
      if (name in change.text) setOrDelete(next, name, change.text[name]?.trim());
    }
  }
  if (change.upstream !== undefined) setOrDelete(next, 'upstream', change.upstream ? 'true' : undefined);
  if (change.downstream !== undefined) {
    setOrDelete(next, 'downstream', change.downstream ? undefined : 'false');
  }
  if (change.includeDeletedConfigs !== undefined) {
    setOrDelete(next, 'showDeletedConfigs', change.includeDeletedConfigs ? 'true' : undefined);
  }
  next.delete('pageIndex');
  return next;
}

/** Which related configs' changes a config's list takes in (spec 3 §2.1 toggles). */
export type TypeFilter = 'all' | 'upstream' | 'downstream' | 'none';

export function typeFilter({
  upstream,
  downstream,
}: Pick<ChangesFilters, 'upstream' | 'downstream'>): TypeFilter {
  if (upstream && downstream) return 'all';
  if (upstream) return 'upstream';
  if (downstream) return 'downstream';
  return 'none';
}

/** Whether any filter differs from its default (offers 'Clear filters'). */
export function hasActiveFilters(filters: ChangesFilters): boolean {
  return (
    Object.keys(filters.changeTypes).length > 0 ||
    Object.keys(filters.configTypes).length > 0 ||
    filters.severity !== undefined ||
    filters.tags.length > 0 ||
    Object.keys(filters.text).length > 0 ||
    filters.includeDeletedConfigs ||
    !isSameTimeRange(filters.range, DEFAULT_CHANGES_RANGE)
  );
}

/** The parameters the filters own; Clear removes them all (the table's sort stays). */
export const FILTER_PARAMS = [
  'changeType',
  'configType',
  'configTypes',
  'severity',
  'from',
  'to',
  'tags',
  ...TEXT_FILTERS.map(({ name }) => name),
  'showDeletedConfigs',
  'pageIndex',
];
