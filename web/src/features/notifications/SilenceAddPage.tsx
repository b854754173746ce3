import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ActionGroup,
  Button,
  Card,
  CardBody,
  Form,
  Grid,
  GridItem,
  PageSection,
} from '@patternfly/react-core';
import { useSWRConfig } from 'swr';
import { useCan } from '../../api/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { PageHeader } from '../../shell/page-header.js';
import { createSilence, isNotificationsKey } from './notifications-api.js';
import { SilenceFormFields, type SilenceFieldErrors } from './SilenceFormFields.js';
import { SilencePreviewPanel } from './SilencePreviewPanel.js';
import { EMPTY_SILENCE_FORM, silenceFields, silenceProblems, type SilenceForm } from './silence-form.js';

const PREVIEW_DEBOUNCE_MS = 500;
export const SILENCES_PATH = '/notifications/silences';

/**
 * /notifications/silences/add: the Silence Notification form, with a preview of what it would
 * silence; saving returns to the silences.
 */
export function SilenceAddPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const mayWrite = useCan('notifications', 'write');
  const [form, setForm] = useState<SilenceForm>(EMPTY_SILENCE_FORM);
  const [errors, setErrors] = useState<SilenceFieldErrors>({});
  const [busy, setBusy] = useState(false);

  // The preview follows the form once typing stops; its range starts when the form last changed.
  const previewFields = useMemo(() => (form.resourceId ? silenceFields(form) : null), [form]);
  const shownPreview = useDebouncedValue(previewFields, PREVIEW_DEBOUNCE_MS);

  const change = (next: SilenceForm) => {
    setForm(next);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = silenceProblems(form);
    setErrors(problems);
    if (problems.resource || problems.until) return;
    setBusy(true);
    try {
      await createSilence(silenceFields(form));
      await mutate(isNotificationsKey);
      void navigate(SILENCES_PATH);
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  return (
    <PageSection>
      <PageHeader title="Silence Notification" />
      <Grid hasGutter>
        <GridItem md={6}>
          <Card>
            <CardBody>
              <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Silence Notification">
                <SilenceFormFields
                  form={form}
                  onChange={change}
                  errors={errors}
                  isDisabled={busy || !mayWrite}
                />
                <ActionGroup>
                  <Button type="submit" variant="primary" isLoading={busy} isDisabled={busy || !mayWrite}>
                    Save
                  </Button>
                  <Button variant="link" onClick={() => void navigate(SILENCES_PATH)} isDisabled={busy}>
                    Cancel
                  </Button>
                </ActionGroup>
              </Form>
            </CardBody>
          </Card>
        </GridItem>
        <GridItem md={6}>
          <Card>
            <CardBody>
              <SilencePreviewPanel fields={shownPreview} />
            </CardBody>
          </Card>
        </GridItem>
      </Grid>
    </PageSection>
  );
}
