import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { db, useDbQuery } from '../../../api/index.js';

/** A row of event_queue_summary: the queued platform events of one name (spec 3 §3). */
export interface EventQueueSummary {
  name: string;
  /** Waiting, not failed yet. */
  pending: number;
  failed: number;
  /** A numeric: PostgREST may answer it as text. */
  average_attempts: number | string | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/** SWR keys of the summary start with this, one per visit of the page (see useEventQueueSummary). */
export const EVENT_QUEUE_KEY = 'event_queue_summary?order=last_failure.desc.nullslast';

/** Spec 3 §7: the most recently failing first; names that never failed after them. */
export const listEventQueueSummary = () =>
  db
    .from('event_queue_summary')
    .select('*')
    .order('last_failure', { ascending: false, nullsFirst: false })
    .overrideTypes<EventQueueSummary[], { merge: false }>();

let visits = 0;

/**
 * The summary as the database has it now (spec 3 §2.3: not cached). Each visit of the page reads
 * under a key of its own, so what an earlier visit saw is never shown while the new answer comes,
 * and forgets it on leaving; every return to the window asks again.
 */
export function useEventQueueSummary() {
  const [key] = useState(() => `${EVENT_QUEUE_KEY}#${++visits}`);
  const { cache } = useSWRConfig();
  useEffect(() => () => cache.delete(key), [cache, key]);
  return useDbQuery<EventQueueSummary[]>(key, listEventQueueSummary, {
    revalidateOnFocus: true,
    focusThrottleInterval: 0,
    dedupingInterval: 0,
  });
}
