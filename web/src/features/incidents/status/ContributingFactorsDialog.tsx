import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Stack,
  StackItem,
} from '@patternfly/react-core';
import { evidenceName } from '../evidence/evidence-payload.js';
import { EvidenceView } from '../evidence/EvidenceView.js';
import type { Evidence } from '../types.js';

export const CONTRIBUTING_FACTORS_TITLE = 'Add contributing factors to definition of done';
export const SELECT_ONE_EVIDENCE = 'Please select atleast one evidence';
export const NO_EVIDENCES = 'There are no evidences provided for this incident';

export interface ContributingFactorsDialogProps {
  evidences: readonly Evidence[];
  /** Marks the chosen evidences and sets the status; the dialog stays busy until it settles. */
  onSubmit: (evidenceIds: string[]) => Promise<unknown>;
  /** Sets the status without marking any evidence. */
  onSkip: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Asked before an incident becomes Mitigated or Resolved (spec 2 §4): which of its evidences
 * contributed, so they join the definition of done. Submit needs at least one; Skip needs none.
 */
export function ContributingFactorsDialog({
  evidences,
  onSubmit,
  onSkip,
  onCancel,
}: ContributingFactorsDialogProps) {
  const titleId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<'submit' | 'skip'>();

  const toggle = (id: string, checked: boolean) => {
    setProblem(undefined);
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const run = async (which: 'submit' | 'skip', action: () => Promise<unknown>) => {
    setBusy(which);
    try {
      await action();
    } finally {
      setBusy(undefined);
    }
  };

  const submit = () => {
    if (selected.size === 0) {
      setProblem(SELECT_ONE_EVIDENCE);
      return;
    }
    void run('submit', () => onSubmit([...selected]));
  };

  const close = () => {
    if (!busy) onCancel();
  };

  return (
    <Modal variant="medium" isOpen onClose={close} aria-labelledby={titleId}>
      <ModalHeader title={CONTRIBUTING_FACTORS_TITLE} labelId={titleId} />
      <ModalBody>
        <Stack hasGutter>
          {problem && (
            <StackItem>
              <Alert variant="danger" isInline isPlain isLiveRegion title={problem} />
            </StackItem>
          )}
          {evidences.length === 0 ? (
            <StackItem>{NO_EVIDENCES}</StackItem>
          ) : (
            evidences.map((evidence) => (
              <StackItem key={evidence.id}>
                <Checkbox
                  id={`contributing-${evidence.id}`}
                  aria-label={evidenceName(evidence)}
                  isChecked={selected.has(evidence.id)}
                  onChange={(_event, checked) => toggle(evidence.id, checked)}
                  isDisabled={busy !== undefined}
                  label={<EvidenceView evidence={evidence} />}
                />
              </StackItem>
            ))
          )}
        </Stack>
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          onClick={submit}
          isLoading={busy === 'submit'}
          isDisabled={busy !== undefined}
        >
          Submit
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run('skip', onSkip)}
          isLoading={busy === 'skip'}
          isDisabled={busy !== undefined}
        >
          Skip
        </Button>
        <Button variant="link" onClick={close} isDisabled={busy !== undefined}>
          Cancel
        </Button>
      </ModalFooter>
    </Modal>
  );
}
