import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@patternfly/react-core';
import { PlayIcon } from '@patternfly/react-icons';
import { useToast } from '../Toasts/index.js';

/** What a run did, in the toast's words. */
export interface RunNowOutcome {
  failed: boolean;
  text: string;
}

export interface RunNowButtonProps {
  /** Runs at once and says what the run did. */
  run: () => Promise<RunNowOutcome>;
  /** The SWR keys the run changes (its job history, the lists showing its status). */
  touches: (key: unknown) => boolean;
}

/**
 * 'Run now' of a scheduled resource: busy while the run lasts, then a toast tells what it did
 * (or why it failed) and the views it changed are read again.
 */
export function RunNowButton({ run, touches }: RunNowButtonProps) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState(false);

  const runNow = async () => {
    setRunning(true);
    try {
      const outcome = await run();
      if (outcome.failed) toast.error(outcome.text);
      else toast.success(outcome.text);
    } catch (error) {
      toast.error(error);
    } finally {
      setRunning(false);
      await mutate(touches);
    }
  };

  return (
    <Button
      variant="secondary"
      icon={<PlayIcon />}
      isLoading={running}
      isDisabled={running}
      onClick={() => void runNow()}
    >
      {running ? 'Running…' : 'Run now'}
    </Button>
  );
}
