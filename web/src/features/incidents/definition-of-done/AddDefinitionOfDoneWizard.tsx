import { useState } from 'react';
import { Button, Checkbox, Content, Flex, FlexItem, Stack, StackItem } from '@patternfly/react-core';
import { CogIcon, UserIcon } from '@patternfly/react-icons';
import { useWhoami } from '../../../api/index.js';
import { FormModal, TextAreaField } from '../../../components/Form/index.js';
import { DOD_SCRIPT_SAMPLES } from '../../../../../common/dod-scripts.js';
import { evidenceName } from '../evidence/evidence-payload.js';
import { EvidenceView } from '../evidence/EvidenceView.js';
import { addManualDefinitionOfDone, updateEvidences, useRefreshIncident } from '../incident-api.js';
import type { Evidence } from '../types.js';

export const WIZARD_TITLE = 'Add Definition of Done';
export const NO_CANDIDATES = 'There are no evidences which are not part of definition of done';
export const LOADING_CANDIDATES = 'Loading evidences please wait...';
export const MARK_FAILED = 'Marking evidence as part of definition of done failed';

type Step = 'choose' | 'evidence' | 'script' | 'manual';

export interface AddDefinitionOfDoneWizardProps {
  incidentId: string;
  /** Where a manual item (a comment evidence) is added. */
  rootHypothesisId: string;
  /** The incident's evidences not yet part of the definition of done. */
  candidates: readonly Evidence[];
  isLoadingCandidates: boolean;
  onClose: () => void;
}

/**
 * Adds to the definition of done (spec 2 §2): Automatic picks evidences, then an optional CEL
 * script that a job evaluates against them; Manual is one comment a person marks resolved.
 */
export function AddDefinitionOfDoneWizard({
  incidentId,
  rootHypothesisId,
  candidates,
  isLoadingCandidates,
  onClose,
}: AddDefinitionOfDoneWizardProps) {
  const refresh = useRefreshIncident(incidentId);
  const { data: whoami } = useWhoami();
  const [step, setStep] = useState<Step>('choose');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [script, setScript] = useState('');
  const [comment, setComment] = useState('');

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const markSelected = async () => {
    try {
      await updateEvidences([...selected], { definition_of_done: true, script: script.trim() || null });
    } catch {
      throw new Error(MARK_FAILED);
    } finally {
      void refresh();
    }
    onClose();
  };

  const addManual = async () => {
    try {
      await addManualDefinitionOfDone(rootHypothesisId, comment.trim(), whoami?.user.id);
    } finally {
      void refresh();
    }
    onClose();
  };

  const submit = async () => {
    if (step === 'evidence') setStep('script');
    else if (step === 'script') await markSelected();
    else if (step === 'manual') await addManual();
  };

  const canSubmit =
    step === 'evidence' ? selected.size > 0 : step === 'manual' ? comment.trim() !== '' : step === 'script';
  const back = (to: Step) => (
    <StackItem>
      <Button variant="link" isInline onClick={() => setStep(to)}>
        Back
      </Button>
    </StackItem>
  );

  let body;
  if (step === 'choose') {
    body = (
      <Stack hasGutter>
        <StackItem>
          <Content component="p">What kind of definition of done would you like to add?</Content>
        </StackItem>
        <StackItem>
          <Flex>
            <FlexItem>
              <Button variant="secondary" icon={<CogIcon />} onClick={() => setStep('evidence')}>
                Automatic
              </Button>
            </FlexItem>
            <FlexItem>
              <Button variant="secondary" icon={<UserIcon />} onClick={() => setStep('manual')}>
                Manual
              </Button>
            </FlexItem>
          </Flex>
        </StackItem>
      </Stack>
    );
  } else if (step === 'evidence') {
    body = (
      <Stack hasGutter>
        {back('choose')}
        <StackItem>
          <Content component="h3">Select item to be used for the definition of done</Content>
        </StackItem>
        {isLoadingCandidates ? (
          <StackItem>{LOADING_CANDIDATES}</StackItem>
        ) : candidates.length === 0 ? (
          <StackItem>{NO_CANDIDATES}</StackItem>
        ) : (
          candidates.map((evidence) => (
            <StackItem key={evidence.id}>
              <Checkbox
                id={`dod-candidate-${evidence.id}`}
                aria-label={evidenceName(evidence)}
                isChecked={selected.has(evidence.id)}
                onChange={(_event, checked) => toggle(evidence.id, checked)}
                label={<EvidenceView evidence={evidence} />}
              />
            </StackItem>
          ))
        )}
      </Stack>
    );
  } else if (step === 'script') {
    body = (busy: boolean) => (
      <Stack hasGutter>
        {back('evidence')}
        <StackItem>
          <TextAreaField
            label="Define done using a CEL expression:"
            value={script}
            onChange={setScript}
            isDisabled={busy}
            helperText="Optional: without a script, the item is done when marked so."
          />
        </StackItem>
        <StackItem>
          <Content component="p">Samples:</Content>
          <Flex>
            {DOD_SCRIPT_SAMPLES.map((sample) => (
              <FlexItem key={sample.key}>
                <Button
                  variant="tertiary"
                  size="sm"
                  isDisabled={busy}
                  onClick={() => setScript(sample.script)}
                  aria-label={`Use sample: ${sample.label}`}
                >
                  {sample.label}
                </Button>
              </FlexItem>
            ))}
          </Flex>
        </StackItem>
      </Stack>
    );
  } else {
    body = (busy: boolean) => (
      <Stack hasGutter>
        {back('choose')}
        <StackItem>
          <TextAreaField
            label="Manual Definition of Done"
            value={comment}
            onChange={setComment}
            isDisabled={busy}
          />
        </StackItem>
      </Stack>
    );
  }

  return (
    <FormModal
      title={WIZARD_TITLE}
      variant="medium"
      submitLabel={step === 'choose' || step === 'evidence' ? 'Next' : 'Add'}
      busyLabel="Adding..."
      canSubmit={canSubmit}
      onSubmit={submit}
      onClose={onClose}
    >
      {body}
    </FormModal>
  );
}
