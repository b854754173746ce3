import { useState } from 'react';
import { Button, Flex, FlexItem, Label } from '@patternfly/react-core';
import { TrashIcon } from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { deleteEvidence, useRefreshIncident } from '../hypotheses-api.js';
import type { Evidence } from '../types.js';
import { EVIDENCE_TYPE_LABEL, EvidenceView } from './EvidenceView.js';

export const EVIDENCE_DELETE_FAILED = 'Evidence delete failed';

/** One evidence of a hypothesis: its kind, description and content, and a delete for writers. */
export function EvidenceItem({ evidence, incidentId }: { evidence: Evidence; incidentId: string }) {
  const canWrite = useCan('evidences', 'write');
  const refresh = useRefreshIncident(incidentId);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const label = EVIDENCE_TYPE_LABEL[evidence.type] ?? evidence.type;
  const title = evidence.type === 'comment' ? undefined : evidence.description;

  const remove = async () => {
    try {
      await deleteEvidence(evidence.id);
    } catch (error) {
      toast.error(EVIDENCE_DELETE_FAILED);
      throw error;
    }
    await refresh();
  };

  return (
    <article
      aria-label={`${label} evidence${title ? `: ${title}` : ''}`}
      style={{
        paddingBlock: 'var(--pf-t--global--spacer--sm)',
        borderBlockEnd: '1px solid var(--pf-t--global--border--color--default)',
      }}
    >
      <Flex alignItems={{ default: 'alignItemsFlexStart' }} spaceItems={{ default: 'spaceItemsSm' }}>
        <FlexItem grow={{ default: 'grow' }} style={{ minWidth: 0 }}>
          <EvidenceView evidence={evidence} />
        </FlexItem>
        {evidence.definition_of_done && (
          <FlexItem>
            <Label isCompact color={evidence.done ? 'green' : 'orange'}>
              {evidence.done ? 'Done' : 'Definition of done'}
            </Label>
          </FlexItem>
        )}
        <FlexItem>
          <small>
            <Age from={evidence.created_at} />
          </small>
        </FlexItem>
        {canWrite && (
          <FlexItem>
            <Button
              variant="plain"
              size="sm"
              icon={<TrashIcon />}
              aria-label={`Delete ${label.toLowerCase()} evidence`}
              onClick={() => setConfirming(true)}
            />
          </FlexItem>
        )}
      </Flex>
      <ConfirmDialog
        isOpen={confirming}
        title="Delete evidence ?"
        body="Are you sure you want to delete this evidence ?"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </article>
  );
}
