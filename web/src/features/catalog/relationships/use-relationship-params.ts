import { useSearchParams } from 'react-router';
import type { RelationFilter, TypeFilter } from './relationships-api.js';

export type RelationshipsView = 'table' | 'graph';
/** Dagre's rank directions: left to right (the default) or top to bottom. */
export type GraphDirection = 'LR' | 'TB';

export interface RelationshipParams {
  outgoing: boolean;
  incoming: boolean;
  soft: boolean;
  view: RelationshipsView;
  direction: GraphDirection;
}

/** The toggles as the URL keeps them: outgoing unless 'false', incoming and soft only when asked. */
export function readRelationshipParams(params: URLSearchParams): RelationshipParams {
  const incoming = params.get('incoming') === 'true';
  return {
    // Without incoming, outgoing is what is shown whatever the URL says (spec 3 §2.1).
    outgoing: !incoming || params.get('outgoing') !== 'false',
    incoming,
    soft: params.get('relation') === 'soft',
    view: params.get('view') === 'graph' ? 'graph' : 'table',
    direction: params.get('direction') === 'TB' ? 'TB' : 'LR',
  };
}

export function typeFilterOf({
  incoming,
  outgoing,
}: Pick<RelationshipParams, 'incoming' | 'outgoing'>): TypeFilter {
  if (incoming && outgoing) return 'all';
  return incoming ? 'incoming' : 'outgoing';
}

/** Soft asks for soft links beside the hard ones, as the platform's UI does. */
export const relationOf = ({ soft }: Pick<RelationshipParams, 'soft'>): RelationFilter =>
  soft ? 'both' : 'hard';

/** The Relationships tab's toggles, each in the URL; unticking Incoming turns Outgoing back on. */
export function useRelationshipParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readRelationshipParams(searchParams);
  const update = (changes: Record<string, string>) =>
    setSearchParams(
      (current) => {
        for (const [key, value] of Object.entries(changes)) current.set(key, value);
        return current;
      },
      { replace: true },
    );
  return {
    ...params,
    setOutgoing: (on: boolean) => update({ outgoing: String(on) }),
    setIncoming: (on: boolean) => update(on ? { incoming: 'true' } : { incoming: 'false', outgoing: 'true' }),
    setSoft: (on: boolean) => update({ relation: on ? 'soft' : 'hard' }),
    setView: (view: RelationshipsView) => update({ view }),
    setDirection: (direction: GraphDirection) => update({ direction }),
  };
}
