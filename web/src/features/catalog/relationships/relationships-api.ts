/**
 * Every call of the Relationships tab (spec 3 §7) and its SWR keys: the related configs through
 * rpc/related_configs_recursive, the config itself (the graph's root) and its manual links.
 */
import { db, dbError, type DbResult } from '../../../api/index.js';
import type { ConfigHealth } from '../types.js';

/** Spec 3 §9: related configs are walked at most 10 links away. */
export const RELATED_MAX_DEPTH = 10;

export type TypeFilter = 'all' | 'incoming' | 'outgoing';
/** The platform's relation filter: 'both' takes soft links too, 'hard' only hard ones. */
export type RelationFilter = 'both' | 'hard';

/** A row of rpc/related_configs_recursive: a config reached from the page's config. */
export interface RelatedConfig {
  id: string;
  name: string;
  type: string;
  config_class?: string | null;
  status?: string | null;
  health?: ConfigHealth | null;
  namespace?: string | null;
  created_at: string;
  updated_at?: string | null;
  deleted_at?: string | null;
  /** Links from the page's config to this one (1 for a direct neighbour). */
  depth: number;
  /** outgoing: reached along the links' direction; incoming: against it. */
  direction: 'incoming' | 'outgoing';
  relation: 'hard' | 'soft';
  /** The configs it was reached from (one link nearer the page's config). */
  related_ids: string[];
}

/** The page's config, as the graph's root node shows it. */
export interface RootConfig {
  id: string;
  name: string;
  type: string;
  health?: ConfigHealth | null;
  status?: string | null;
  deleted_at?: string | null;
}

/** A config_relationships row a person made by hand (selector_id 'manual'). */
export interface ManualLink {
  config_id: string;
  related_id: string;
  relation: 'hard' | 'soft';
}

export const MANUAL_SELECTOR = 'manual';

export interface RelatedQuery {
  configId: string;
  typeFilter: TypeFilter;
  relation: RelationFilter;
  includeDeleted: boolean;
}

/** The RPC's parameters as the platform's UI sends them: the relation only for the walked directions. */
export function relatedParams({ configId, typeFilter, relation, includeDeleted }: RelatedQuery) {
  return {
    config_id: configId,
    include_deleted_configs: includeDeleted,
    max_depth: RELATED_MAX_DEPTH,
    type_filter: typeFilter,
    ...(typeFilter !== 'outgoing' ? { incoming_relation: relation } : {}),
    ...(typeFilter !== 'incoming' ? { outgoing_relation: relation } : {}),
  };
}

export const relatedKey = (query: RelatedQuery) =>
  `rpc/related_configs_recursive?${new URLSearchParams(
    Object.entries(relatedParams(query)).map(([key, value]) => [key, String(value)]),
  ).toString()}`;

/** The RPC's rows; postgrest-js types an untyped function's answer as one value, hence the cast. */
export const listRelated = (query: RelatedQuery) =>
  db.rpc('related_configs_recursive', relatedParams(query), { get: true }) as unknown as PromiseLike<
    DbResult<RelatedConfig[]>
  >;

export const rootConfigKey = (id: string) =>
  `configs?id=eq.${id}&select=id,name,type,health,status,deleted_at`;

export const getRootConfig = (id: string) =>
  db
    .from('configs')
    .select('id,name,type,health,status,deleted_at')
    .eq('id', id)
    .maybeSingle()
    .overrideTypes<RootConfig | null, { merge: false }>();

export const manualLinksKey = (id: string) => `config_relationships?config=${id}&selector_id=manual`;

/** The manual links touching the config, either way round. */
export const listManualLinks = (id: string) =>
  db
    .from('config_relationships')
    .select('config_id,related_id,relation')
    .or(`config_id.eq.${id},related_id.eq.${id}`)
    .eq('selector_id', MANUAL_SELECTOR)
    .is('deleted_at', null)
    .overrideTypes<ManualLink[], { merge: false }>();

/** Removes a manual link; only rows made by hand are touched. */
export async function deleteManualLink(link: Pick<ManualLink, 'config_id' | 'related_id'>) {
  const { error, status } = await db
    .from('config_relationships')
    .delete()
    .eq('config_id', link.config_id)
    .eq('related_id', link.related_id)
    .eq('selector_id', MANUAL_SELECTOR);
  if (error) throw dbError(error, status);
}
