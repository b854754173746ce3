import { useState } from 'react';
import {
  Button,
  DataList,
  DataListAction,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  Dropdown,
  DropdownItem,
  DropdownList,
  Label,
  MenuToggle,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { CheckCircleIcon, EllipsisVIcon, HourglassHalfIcon, PlusCircleIcon } from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { EvidenceView } from '../evidence/EvidenceView.js';
import {
  rootHypothesisOf,
  updateEvidences,
  useIncidentEvidences,
  useRefreshIncident,
  type IncidentDetail,
} from '../incident-api.js';
import type { Evidence } from '../types.js';
import { AddDefinitionOfDoneWizard, LOADING_CANDIDATES } from './AddDefinitionOfDoneWizard.js';

export const REMOVE_TITLE = 'Remove from definition of done ?';
export const REMOVE_BODY = 'Are you sure you want to remove the evidence from definition of done ?';
export const REMOVE_FAILED = 'Removing evidence from definition of done failed';

const resolvedText = (done: boolean) => (done ? 'not resolved' : 'resolved');

function ItemActions({
  evidence,
  onRemove,
  onToggleDone,
}: {
  evidence: Evidence;
  onRemove: () => void;
  onToggleDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const name = evidence.description ?? evidence.type;
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: 'right' }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          aria-label={`Actions for ${name}`}
          isExpanded={open}
          onClick={() => setOpen((value) => !value)}
          icon={<EllipsisVIcon />}
        />
      )}
    >
      <DropdownList>
        {evidence.type === 'comment' && (
          <DropdownItem onClick={onToggleDone}>Mark as {resolvedText(evidence.done)}</DropdownItem>
        )}
        <DropdownItem onClick={onRemove}>Remove</DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}

/**
 * The evidences that make up the incident's definition of done, each done or pending; whoever
 * may write evidences adds items (the wizard), removes them, and marks manual items resolved.
 */
export function DefinitionOfDonePanel({ incident }: { incident: IncidentDetail }) {
  const toast = useToast();
  const refresh = useRefreshIncident(incident.id);
  const canWrite = useCan('evidences', 'write') && incident.status !== 'closed';
  const { data: evidences, error, isLoading } = useIncidentEvidences(incident.id);
  const [removing, setRemoving] = useState<Evidence>();
  const [toggling, setToggling] = useState<Evidence>();
  const [adding, setAdding] = useState(false);

  const items = (evidences ?? []).filter((evidence) => evidence.definition_of_done);
  const others = (evidences ?? []).filter((evidence) => !evidence.definition_of_done);
  const root = rootHypothesisOf(incident);

  const remove = async (evidence: Evidence) => {
    try {
      await updateEvidences([evidence.id], { definition_of_done: false });
    } catch (problem) {
      toast.error(REMOVE_FAILED);
      throw problem;
    } finally {
      void refresh();
    }
  };

  const toggleDone = async (evidence: Evidence) => {
    try {
      await updateEvidences([evidence.id], { done: !evidence.done });
    } catch (problem) {
      toast.error(problem);
      throw problem;
    } finally {
      void refresh();
    }
  };

  let list;
  if (isLoading && !evidences) list = <p>{LOADING_CANDIDATES}</p>;
  else if (error && !evidences) list = <p>{error.message}</p>;
  else if (items.length === 0) list = <p className="pf-v6-u-color-200">No definition of done yet</p>;
  else {
    list = (
      <DataList aria-label="Definition of done" isCompact>
        {items.map((evidence) => (
          <DataListItem key={evidence.id} aria-labelledby={`dod-${evidence.id}`}>
            <DataListItemRow>
              <DataListItemCells
                dataListCells={[
                  <DataListCell key="evidence" id={`dod-${evidence.id}`}>
                    <EvidenceView evidence={evidence} />
                  </DataListCell>,
                  <DataListCell key="done" isFilled={false}>
                    {evidence.done ? (
                      <Label isCompact color="green" icon={<CheckCircleIcon />}>
                        Done
                      </Label>
                    ) : (
                      <Label isCompact icon={<HourglassHalfIcon />}>
                        Pending
                      </Label>
                    )}
                  </DataListCell>,
                ]}
              />
              {canWrite && (
                <DataListAction
                  aria-label="Actions"
                  aria-labelledby={`dod-${evidence.id}`}
                  id={`dod-actions-${evidence.id}`}
                >
                  <ItemActions
                    evidence={evidence}
                    onRemove={() => setRemoving(evidence)}
                    onToggleDone={() => setToggling(evidence)}
                  />
                </DataListAction>
              )}
            </DataListItemRow>
          </DataListItem>
        ))}
      </DataList>
    );
  }

  return (
    <Stack hasGutter>
      <StackItem>{list}</StackItem>
      {canWrite && root && (
        <StackItem>
          <Button variant="link" isInline icon={<PlusCircleIcon />} onClick={() => setAdding(true)}>
            Add definition of done
          </Button>
        </StackItem>
      )}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={REMOVE_TITLE}
        body={REMOVE_BODY}
        confirmLabel="Remove"
        onConfirm={() => remove(removing!)}
        onClose={() => setRemoving(undefined)}
      />
      <ConfirmDialog
        isOpen={toggling !== undefined}
        variant="default"
        title={`Mark as ${resolvedText(toggling?.done ?? false)}`}
        body={`Are you sure you want to mark the definition of done as ${resolvedText(toggling?.done ?? false)}?`}
        confirmLabel={`Mark as ${resolvedText(toggling?.done ?? false)}`}
        onConfirm={() => toggleDone(toggling!)}
        onClose={() => setToggling(undefined)}
      />
      {adding && root && (
        <AddDefinitionOfDoneWizard
          incidentId={incident.id}
          rootHypothesisId={root.id}
          candidates={others}
          isLoadingCandidates={isLoading && !evidences}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
