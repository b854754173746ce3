import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@patternfly/react-core';
import { PlayIcon } from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { describeTopologyRun, isTouchedByTopologyRun, runTopology } from './run-topology-api.js';

/**
 * 'Run now': the topology is built at once; a toast tells what the build did, and its Job
 * History shows the new run.
 */
export function RunTopologyButton({ topologyId }: { topologyId: string }) {
  const mayRun = useCan('topologies', 'write');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState(false);
  if (!mayRun) return null;

  const run = async () => {
    setRunning(true);
    try {
      const outcome = describeTopologyRun(await runTopology(topologyId));
      if (outcome.failed) toast.error(outcome.text);
      else toast.success(outcome.text);
    } catch (error) {
      toast.error(error);
    } finally {
      setRunning(false);
      await mutate(isTouchedByTopologyRun(topologyId));
    }
  };

  return (
    <Button
      variant="secondary"
      icon={<PlayIcon />}
      isLoading={running}
      isDisabled={running}
      onClick={() => void run()}
    >
      {running ? 'Running…' : 'Run now'}
    </Button>
  );
}
