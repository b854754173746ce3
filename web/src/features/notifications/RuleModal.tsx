import { useId, useState } from 'react';
import { Alert, Button, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';
import formStyles from '@patternfly/react-styles/css/components/Form/form';
import { useSWRConfig } from 'swr';
import { isManaged } from '../../../../common/managed.js';
import { errorMessage, useWhoami, type ApiError } from '../../api/index.js';
import { FIELD_REQUIRED, FormModal } from '../../components/Form/index.js';
import { useToast } from '../../components/Toasts/index.js';
import {
  createRule,
  isNotificationsKey,
  testRule,
  updateRule,
  type NotificationRule,
  type TestOutcome,
} from './notifications-api.js';
import { RuleFields, type RuleFieldErrors } from './RuleFields.js';
import {
  EMPTY_RULE_FORM,
  hasRecipient,
  isFilterProblem,
  ruleFields,
  ruleForm,
  type RuleForm,
} from './rule-form.js';

export const RULE_UPDATED = 'Notification updated successfully';

/** The outcome of Send test, in words. */
function TestResult({ outcome }: { outcome: TestOutcome | { status: 'error'; error: string } }) {
  if (outcome.status === 'sent') {
    const to =
      'recipients' in outcome && outcome.recipients.length ? outcome.recipients.join(', ') : 'the recipients';
    return <Alert variant="success" isInline isPlain title={`Test notification sent to ${to}`} />;
  }
  return (
    <Alert variant="danger" isInline isPlain title="Test notification failed">
      {outcome.error ?? 'An error occurred'}
    </Alert>
  );
}

/** Send test: a sample message of the saved rule to its recipients, with the outcome under it. */
function SendTest({ ruleId }: { ruleId: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | { status: 'error'; error: string }>();
  const send = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome(await testRule(ruleId));
    } catch (error) {
      setOutcome({ status: 'error', error: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div aria-live="polite">
      <Button variant="secondary" onClick={() => void send()} isLoading={busy} isDisabled={busy}>
        Send test
      </Button>
      {outcome && (
        <div className="pf-v6-u-mt-sm">
          <TestResult outcome={outcome} />
        </div>
      )}
    </div>
  );
}

/** A rule the cluster manages: its fields as they are, nothing to submit. */
function ReadOnlyRuleModal({ rule, onClose }: { rule: NotificationRule; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title="Notification Rule" labelId={titleId} />
      <ModalBody>
        {isManaged(rule.source) && (
          <Alert
            variant="info"
            isInline
            className="pf-v6-u-mb-md"
            title={`This notification rule is managed by ${String(rule.source)} and is read-only here.`}
          />
        )}
        <div className={formStyles.form}>
          <RuleFields form={ruleForm(rule)} onChange={() => {}} errors={{}} isDisabled />
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="link" onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}

export interface RuleModalProps {
  /** The rule to edit; none creates one. */
  rule?: NotificationRule;
  /** Whether the person may write notifications: submit and Send test; otherwise the rule is only shown. */
  canWrite: boolean;
  onClose: () => void;
}

/**
 * Add or edit a notification rule. Submit is offered only for the console's own rules (source UI
 * or none); a filter the server refuses (422) is shown on the field, with what was typed kept.
 */
export function RuleModal({ rule, canWrite, onClose }: RuleModalProps) {
  const { data: whoami } = useWhoami();
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const [form, setForm] = useState<RuleForm>(() => (rule ? ruleForm(rule) : EMPTY_RULE_FORM));
  const [errors, setErrors] = useState<RuleFieldErrors>({});

  if (rule && (!canWrite || isManaged(rule.source)))
    return <ReadOnlyRuleModal rule={rule} onClose={onClose} />;

  const change = (next: RuleForm) => {
    setForm(next);
    // A field's problem goes once it is changed.
    setErrors((previous) => ({
      events: next.events === form.events ? previous.events : undefined,
      filter: next.filter === form.filter ? previous.filter : undefined,
      recipient:
        next.recipient === form.recipient && hasRecipient(next) === hasRecipient(form)
          ? previous.recipient
          : undefined,
    }));
  };

  const submit = async () => {
    const problems: RuleFieldErrors = {
      events: form.events.length === 0 ? FIELD_REQUIRED : undefined,
      recipient: hasRecipient(form) ? undefined : FIELD_REQUIRED,
    };
    setErrors(problems);
    if (problems.events || problems.recipient) return;
    try {
      if (rule) await updateRule(rule.id, ruleFields(form));
      else await createRule(ruleFields(form), whoami?.user.id ?? null);
    } catch (error) {
      const message = errorMessage(error);
      if ((error as ApiError).status === 422 && isFilterProblem(message)) {
        setErrors({ filter: message });
        return;
      }
      throw error;
    }
    await mutate(isNotificationsKey);
    if (rule) toast.success(RULE_UPDATED);
    onClose();
  };

  return (
    <FormModal
      title={rule ? 'Edit Notification Rule' : 'Add Notification Rule'}
      variant="medium"
      submitLabel="Save"
      busyLabel="Saving..."
      onSubmit={submit}
      onClose={onClose}
    >
      {(busy) => (
        <>
          <RuleFields form={form} onChange={change} errors={errors} isDisabled={busy} />
          {rule && <SendTest ruleId={rule.id} />}
        </>
      )}
    </FormModal>
  );
}
