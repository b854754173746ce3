import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  List,
  ListItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Spinner,
} from '@patternfly/react-core';
import { describeRef, type ClusterDryRun, type ClusterFieldError } from './cluster-api.js';
import { hasChanges, objectDiff } from './cluster-object.js';
import { DiffView } from './DiffView.js';
import type { ClusterSave } from './use-cluster-save.js';

export const CLUSTER_SAVE_TITLE = 'Save to the cluster';
export const BACK_TO_EDITOR = 'Back to the editor';

const describeFieldError = ({ field, message, line }: ClusterFieldError) =>
  line === undefined ? `${field}: ${message}` : `Line ${line}: ${field}: ${message}`;

function Review({ dryRun, name }: { dryRun: ClusterDryRun; name: string }) {
  const lines = useMemo(() => objectDiff(dryRun.live, dryRun.result), [dryRun]);
  const intro = dryRun.live
    ? `${name} in the cluster (−) against what the cluster would store (+), checked by a dry run.`
    : `${name} is not in the cluster yet: it will be created as below, checked by a dry run.`;
  return (
    <>
      <p className="pf-v6-u-mb-md">{intro}</p>
      {dryRun.live && !hasChanges(lines) && (
        <Alert variant="info" isInline isPlain title="Nothing changes: the cluster already has this." />
      )}
      <DiffView lines={lines} aria-label="Changes" />
    </>
  );
}

export interface ClusterSaveDialogProps {
  save: ClusterSave;
  /** Loads the resource as it is in the cluster now into the editor; without it, no Reload. */
  onReload?: () => Promise<void>;
}

/**
 * The save to the cluster: a dry run (spinner), then the diff of the live object against the
 * result with Create or Apply; a refusal lists the cluster's errors (those at a line are in the
 * editor too); a conflict offers Reload (after a confirmation) or Overwrite.
 */
export function ClusterSaveDialog({ save, onReload }: ClusterSaveDialogProps) {
  const titleId = useId();
  const primaryId = useId();
  const { state, ref } = save;
  const [confirmingReload, setConfirmingReload] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string>();
  const stepKey = `${state.step}:${confirmingReload}`;

  // Each step puts the keyboard on its main action.
  useEffect(() => {
    document.getElementById(primaryId)?.focus();
  }, [stepKey, primaryId]);

  if (state.step === 'closed' || !ref) return null;
  const name = describeRef(ref);

  const close = () => {
    setConfirmingReload(false);
    setReloadError(undefined);
    save.close();
  };
  const reload = async () => {
    setReloading(true);
    setReloadError(undefined);
    try {
      await onReload!();
      setConfirmingReload(false);
      save.close();
    } catch (failure) {
      setReloadError((failure as Error).message);
    } finally {
      setReloading(false);
    }
  };

  let body: ReactNode;
  let actions: ReactNode;
  const cancel = (label = 'Cancel', id?: string) => (
    <Button id={id} variant="link" onClick={close}>
      {label}
    </Button>
  );

  switch (state.step) {
    case 'checking':
      body = (
        <p>
          <Spinner size="md" aria-label="Checking" className="pf-v6-u-mr-sm" />
          {`Checking ${name} with a dry run…`}
        </p>
      );
      actions = cancel('Cancel', primaryId);
      break;
    case 'review': {
      const verb = state.dryRun.live ? 'Apply' : 'Create';
      body = <Review dryRun={state.dryRun} name={name} />;
      actions = (
        <>
          <Button
            id={primaryId}
            variant="primary"
            onClick={save.apply}
            isLoading={state.applying}
            isDisabled={state.applying}
          >
            {state.applying ? (verb === 'Apply' ? 'Applying' : 'Creating') : verb}
          </Button>
          <Button variant="link" onClick={close} isDisabled={state.applying}>
            Cancel
          </Button>
        </>
      );
      break;
    }
    case 'failed':
      body = (
        <Alert variant="danger" isInline title={`The cluster did not accept ${name}`}>
          {state.fieldErrors.length > 0 ? (
            <List aria-label="Errors">
              {state.fieldErrors.map((error, index) => (
                <ListItem key={index}>{describeFieldError(error)}</ListItem>
              ))}
            </List>
          ) : (
            state.message
          )}
        </Alert>
      );
      actions = (
        <Button id={primaryId} variant="primary" onClick={close}>
          {BACK_TO_EDITOR}
        </Button>
      );
      break;
    case 'conflict':
      body = confirmingReload ? (
        <>
          <p>{`Reload ${name} as it is in the cluster now? Your edits here will be lost.`}</p>
          {reloadError && <Alert variant="danger" isInline isPlain title={reloadError} />}
        </>
      ) : (
        // The server's message names the resource and the choices; the fallback says the same.
        <Alert
          variant="warning"
          isInline
          title={
            state.message ||
            `${name} changed in the cluster since you opened it. Reload to see the new version, or overwrite it with yours.`
          }
        />
      );
      actions = confirmingReload ? (
        <>
          <Button
            id={primaryId}
            variant="warning"
            onClick={reload}
            isLoading={reloading}
            isDisabled={reloading}
          >
            Reload and lose my edits
          </Button>
          <Button variant="link" onClick={() => setConfirmingReload(false)} isDisabled={reloading}>
            Back
          </Button>
        </>
      ) : (
        <>
          {onReload && (
            <Button
              id={primaryId}
              variant="secondary"
              onClick={() => setConfirmingReload(true)}
              isDisabled={state.overwriting}
            >
              Reload
            </Button>
          )}
          <Button
            id={onReload ? undefined : primaryId}
            variant="danger"
            onClick={save.overwrite}
            isLoading={state.overwriting}
            isDisabled={state.overwriting}
          >
            Overwrite
          </Button>
          <Button variant="link" onClick={close} isDisabled={state.overwriting}>
            Cancel
          </Button>
        </>
      );
      break;
  }

  return (
    <Modal
      variant="large"
      isOpen
      onClose={close}
      aria-labelledby={titleId}
      elementToFocus={`[id="${primaryId}"]`}
    >
      <ModalHeader title={CLUSTER_SAVE_TITLE} labelId={titleId} description={name} />
      <ModalBody>{body}</ModalBody>
      <ModalFooter>{actions}</ModalFooter>
    </Modal>
  );
}
