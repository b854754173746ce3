import { useState } from 'react';
import { Button } from '@patternfly/react-core';
import type { Incident } from '../types.js';
import { useStatusUpdate } from './use-status-update.js';

/** The page's toggle: closes an open incident, reopens a closed one. */
export function StatusToggle({ incident }: { incident: Incident }) {
  const updateStatus = useStatusUpdate(incident.id);
  const [busy, setBusy] = useState(false);
  const closed = incident.status === 'closed';

  const toggle = async () => {
    setBusy(true);
    await updateStatus(closed ? 'open' : 'closed');
    setBusy(false);
  };

  return (
    <Button variant="secondary" onClick={() => void toggle()} isLoading={busy} isDisabled={busy}>
      {closed ? 'Reopen incident' : 'Close incident'}
    </Button>
  );
}
