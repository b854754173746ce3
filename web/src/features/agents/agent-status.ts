import { toDate, type DateInput } from '../../lib/format.js';

/** Spec 1 §4, §9: an agent is Online while its last ping is at most 61 s old. */
export const ONLINE_WITHIN_MS = 61_000;

export type AgentStatus = 'Online' | 'Offline';

/** Online or Offline at `now`; none for an agent that was never seen. */
export function agentStatus(lastSeen: DateInput, now: number = Date.now()): AgentStatus | undefined {
  const seen = toDate(lastSeen);
  if (!seen) return undefined;
  return now - seen.getTime() <= ONLINE_WITHIN_MS ? 'Online' : 'Offline';
}

/** How long until an Online agent turns Offline without another ping; undefined when it is not Online. */
export function msUntilOffline(lastSeen: DateInput, now: number = Date.now()): number | undefined {
  const seen = toDate(lastSeen);
  if (!seen || agentStatus(seen, now) !== 'Online') return undefined;
  return seen.getTime() + ONLINE_WITHIN_MS - now + 1;
}
