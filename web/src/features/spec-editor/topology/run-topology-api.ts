/** The Topology page's calls: the platform's "run now" of a topology, and what a run changes. */
import { apiJson } from '../../../api/index.js';

/** The answer of POST /api/canary/run/topology/{id} (canary-checker's, with the build's counts). */
export interface RunTopologyAnswer {
  status?: string;
  /** Components built, as text. */
  count?: string | number;
  job_status?: string;
  added?: number;
  updated?: number;
  unchanged?: number;
  deleted?: number;
  errors?: string[];
}

export const runTopology = (topologyId: string) =>
  apiJson<RunTopologyAnswer>(`api/canary/run/topology/${encodeURIComponent(topologyId)}`, { method: 'POST' });

/** The SWR keys a build changes: the topology's job history and the lists showing its status. */
export const isTouchedByTopologyRun = (topologyId: string) => (key: unknown) =>
  typeof key === 'string' &&
  (key.startsWith(`job_histories?resource_id=eq.${topologyId}`) ||
    key.startsWith('topologies_with_status') ||
    key.startsWith('integrations_with_status'));

/** The toast's sentence for a build: 'Built 12 components: 2 added, 1 updated, 9 unchanged'. */
export function describeTopologyRun(answer: RunTopologyAnswer): { failed: boolean; text: string } {
  const count = Number(answer.count ?? 0);
  const parts = (['added', 'updated', 'unchanged', 'deleted'] as const)
    .filter((key) => typeof answer[key] === 'number' && answer[key] > 0)
    .map((key) => `${answer[key]} ${key}`);
  const noun = count === 1 ? 'component' : 'components';
  const said = `Built ${count} ${noun}${parts.length ? `: ${parts.join(', ')}` : ''}`;
  const reason = answer.errors?.[0];
  if (answer.job_status === 'FAILED')
    return { failed: true, text: `Build failed${reason ? `: ${reason}` : ''}` };
  return { failed: false, text: reason ? `${said} (${answer.errors!.length} problems: ${reason})` : said };
}
