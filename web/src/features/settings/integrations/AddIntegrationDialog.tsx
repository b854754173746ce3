import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import { Button, Modal, ModalBody, ModalFooter, ModalHeader, Stack } from '@patternfly/react-core';
import {
  DIRECT_INTEGRATIONS,
  GITOPS_INTEGRATIONS,
  type GitOpsIntegration,
} from '../../../../../common/integrations.js';
import { isFeatureEnabled, useWhoami } from '../../../api/index.js';
import { GitOpsValuesStep } from './GitOpsValuesStep.js';
import { IntegrationTiles } from './IntegrationTiles.js';

type DirectKey = (typeof DIRECT_INTEGRATIONS)[number]['key'];

interface DirectFlowProps {
  /** Cancel or close: back to the tiles. */
  onClose: () => void;
  onCreated: () => void;
}

// The existing add flows, each loaded (with its editor) when its tile is chosen.
const DIRECT_FLOWS: Record<DirectKey, ComponentType<DirectFlowProps>> = {
  topologies: lazy(async () => ({ default: (await import('../../spec-editor/index.js')).AddTopologyModal })),
  scrapers: lazy(async () => ({ default: (await import('../../catalog/index.js')).AddSettingsScraperFlow })),
  logging_backends: lazy(async () => {
    const { LogBackendFormModal } = await import('../logging-backends/index.js');
    return {
      default: ({ onClose, onCreated }: DirectFlowProps) => (
        <LogBackendFormModal
          onClose={onClose}
          onSaved={onCreated}
          extraActions={
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
          }
        />
      ),
    };
  }),
};

type Step =
  { kind: 'tiles' } | { kind: 'gitops'; integration: GitOpsIntegration } | { kind: 'direct'; key: DirectKey };

export interface AddIntegrationDialogProps {
  onClose: () => void;
  /** An integration was added: the caller refreshes its list (the dialog closes itself). */
  onAdded: () => void;
}

/**
 * 'Add Integration' (spec 3 §2.3): tiles under Add via GitOps lead to a chart's values and its
 * preview, tiles under Add Directly to the add flow of a topology, a catalog scraper or a log
 * backend (hidden while the logs feature is off). Back returns to the tiles.
 */
export function AddIntegrationDialog({ onClose, onAdded }: AddIntegrationDialogProps) {
  const titleId = useId();
  const { data: whoami } = useWhoami();
  const [step, setStep] = useState<Step>({ kind: 'tiles' });
  const tiles = () => setStep({ kind: 'tiles' });
  const added = () => {
    onAdded();
    onClose();
  };
  const direct = DIRECT_INTEGRATIONS.filter(
    (tile) => tile.key !== 'logging_backends' || isFeatureEnabled(whoami, 'logs'),
  );

  if (step.kind === 'direct') {
    const Flow = DIRECT_FLOWS[step.key];
    return (
      <Suspense fallback={null}>
        <Flow onClose={tiles} onCreated={added} />
      </Suspense>
    );
  }

  return (
    <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader
        title={step.kind === 'gitops' ? `Add Integration: ${step.integration.title}` : 'Add Integration'}
        labelId={titleId}
      />
      {step.kind === 'gitops' ? (
        <GitOpsValuesStep integration={step.integration} onBack={tiles} onClose={onClose} onApplied={added} />
      ) : (
        <>
          <ModalBody>
            <Stack hasGutter>
              <IntegrationTiles
                heading="Add via GitOps"
                tiles={GITOPS_INTEGRATIONS}
                onPick={(integration) => setStep({ kind: 'gitops', integration })}
              />
              <IntegrationTiles
                heading="Add Directly"
                tiles={direct}
                onPick={(tile) => setStep({ kind: 'direct', key: tile.key })}
              />
            </Stack>
          </ModalBody>
          <ModalFooter>
            <Button variant="link" onClick={onClose}>
              Close
            </Button>
          </ModalFooter>
        </>
      )}
    </Modal>
  );
}
