import { useCallback } from 'react';
import { useToast } from '../../../components/Toasts/index.js';
import type { IncidentStatus } from '../../../../../common/incidents.js';
import { setIncidentStatus, updateEvidences, useRefreshIncident } from '../incident-api.js';

export const STATUS_UPDATED = 'Incident status updated successfully';
export const STATUS_UPDATE_FAILED = 'Incident status updated failed';

/**
 * Sets the incident's status, first marking the chosen evidences as part of the definition of
 * done (the contributing factors). Toasts the outcome; a refusal also shows the server's reason
 * (a move outside the transition table, a closed incident). Resolves false when it failed.
 */
export function useStatusUpdate(incidentId: string) {
  const toast = useToast();
  const refresh = useRefreshIncident(incidentId);
  return useCallback(
    async (status: IncidentStatus, contributingEvidenceIds: readonly string[] = []): Promise<boolean> => {
      try {
        if (contributingEvidenceIds.length > 0)
          await updateEvidences(contributingEvidenceIds, { definition_of_done: true });
        await setIncidentStatus(incidentId, status);
        toast.success(STATUS_UPDATED);
        return true;
      } catch (error) {
        toast.error(STATUS_UPDATE_FAILED);
        toast.error(error);
        return false;
      } finally {
        void refresh();
      }
    },
    [incidentId, refresh, toast],
  );
}
