import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Button,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  Modal,
  ModalBody,
  ModalHeader,
} from '@patternfly/react-core';
import { errorMessage, useCan } from '../../api/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { approveRun, cancelRun, rerunRequest } from './playbooks-api.js';
import { runPlaybook } from './run-dialog/run-dialog-api.js';
import { runPath } from './run-paths.js';
import { hasEnded } from './RunStatusLabel.js';
import type { RunDetail } from './types.js';

const paramText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The run's parameters in a dialog. */
function ParamsDialog({ params, onClose }: { params: Record<string, unknown>; onClose: () => void }) {
  const titleId = useId();
  const entries = Object.entries(params);
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title="Parameters" labelId={titleId} />
      <ModalBody>
        {entries.length === 0 ? (
          <p>This run has no parameters.</p>
        ) : (
          <DescriptionList isHorizontal isCompact>
            {entries.map(([name, value]) => (
              <DescriptionListGroup key={name}>
                <DescriptionListTerm>{name}</DescriptionListTerm>
                <DescriptionListDescription>
                  <code>{paramText(value)}</code>
                </DescriptionListDescription>
              </DescriptionListGroup>
            ))}
          </DescriptionList>
        )}
      </ModalBody>
    </Modal>
  );
}

export interface RunControlsProps {
  run: RunDetail;
  /** The run is an agent's, reported here: it is re-run, cancelled and approved there. */
  linked?: boolean;
  /** Reads the run again after a cancel or an approval. */
  refresh: () => Promise<unknown>;
}

/**
 * The run page's buttons: Params, Re-run (same playbook, resource and parameters; opens the new
 * run), Cancel of a run not ended (after confirming) and Approve of a run waiting for approval;
 * of an agent's run, Params alone. A refusal says the server's text.
 */
export function RunControls({ run, refresh, linked = false }: RunControlsProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const mayRun = useCan('playbook_runs', 'write') && !linked;
  const mayApprove = useCan('playbooks.approve') && !linked;
  const [showParams, setShowParams] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState<'rerun' | 'approve'>();

  const rerun = async () => {
    setBusy('rerun');
    try {
      const runId = await runPlaybook(rerunRequest(run));
      void navigate(runPath(runId));
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const approve = async () => {
    setBusy('approve');
    try {
      await approveRun(run.id);
      toast.success('Playbook run approved');
      await refresh();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const cancel = async () => {
    try {
      await cancelRun(run.id);
    } catch (failure) {
      toast.error(errorMessage(failure));
      throw failure;
    }
    toast.success('Playbook run cancelled');
    await refresh();
  };

  const ended = hasEnded(run.status);
  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
      <Button variant="secondary" onClick={() => setShowParams(true)}>
        Params
      </Button>
      {mayApprove && run.status === 'pending_approval' && (
        <Button
          variant="primary"
          onClick={approve}
          isLoading={busy === 'approve'}
          isDisabled={busy !== undefined}
        >
          Approve
        </Button>
      )}
      {mayRun && !ended && (
        <Button variant="danger" onClick={() => setConfirmCancel(true)} isDisabled={busy !== undefined}>
          Cancel
        </Button>
      )}
      {mayRun && (
        <Button
          variant="secondary"
          onClick={rerun}
          isLoading={busy === 'rerun'}
          isDisabled={busy !== undefined}
        >
          Re-run
        </Button>
      )}
      {showParams && <ParamsDialog params={run.parameters ?? {}} onClose={() => setShowParams(false)} />}
      <ConfirmDialog
        isOpen={confirmCancel}
        title="Cancel playbook run"
        body="Are you sure you want to cancel this run? Actions not yet finished will not run."
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        onConfirm={cancel}
        onClose={() => setConfirmCancel(false)}
      />
    </Flex>
  );
}
