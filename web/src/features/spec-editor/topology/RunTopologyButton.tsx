import { useCan } from '../../../api/index.js';
import { RunNowButton } from '../../../components/RunNowButton/index.js';
import { describeTopologyRun, isTouchedByTopologyRun, runTopology } from './run-topology-api.js';

/**
 * 'Run now': the topology is built at once; a toast tells what the build did, and its Job
 * History shows the new run.
 */
export function RunTopologyButton({ topologyId }: { topologyId: string }) {
  const mayRun = useCan('topologies', 'write');
  if (!mayRun) return null;
  return (
    <RunNowButton
      run={async () => describeTopologyRun(await runTopology(topologyId))}
      touches={isTouchedByTopologyRun(topologyId)}
    />
  );
}
