import { useEffect, useState } from 'react';
import { Label } from '@patternfly/react-core';
import { agentStatus, msUntilOffline } from './agent-status.js';

/**
 * Online or Offline as of now, for an agent last seen at `lastSeen`; nothing for one never seen.
 * An Online agent turns Offline on screen the moment its last ping is 61 s old, without waiting
 * for the next read of the list.
 */
export function AgentStatusLabel({ lastSeen }: { lastSeen: string | null }) {
  const [, tick] = useState(0);
  const status = agentStatus(lastSeen);
  useEffect(() => {
    const wait = msUntilOffline(lastSeen);
    if (wait === undefined) return;
    const timer = setTimeout(() => tick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [lastSeen, status]);

  if (!status) return null;
  return (
    <Label color={status === 'Online' ? 'green' : 'grey'} isCompact>
      {status}
    </Label>
  );
}
