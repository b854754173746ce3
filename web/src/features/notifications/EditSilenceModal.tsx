import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { FormModal } from '../../components/Form/index.js';
import { isNotificationsKey, updateSilence, type Silence } from './notifications-api.js';
import { SilenceFormFields, type SilenceFieldErrors } from './SilenceFormFields.js';
import { silenceFields, silenceForm, silenceProblems, type SilenceForm } from './silence-form.js';

/** Edits a silence: its resource, range, recursive and reason, sent whole (spec 2 §7). */
export function EditSilenceModal({ silence, onClose }: { silence: Silence; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<SilenceForm>(() => silenceForm(silence));
  const [errors, setErrors] = useState<SilenceFieldErrors>({});

  const submit = async () => {
    const problems = silenceProblems(form);
    setErrors(problems);
    if (problems.resource || problems.until) return;
    await updateSilence(silence, silenceFields(form));
    await mutate(isNotificationsKey);
    onClose();
  };

  return (
    <FormModal
      title="Edit Silence"
      variant="medium"
      submitLabel="Save"
      busyLabel="Saving..."
      onSubmit={submit}
      onClose={onClose}
    >
      {(busy) => (
        <SilenceFormFields
          form={form}
          onChange={(next) => {
            setForm(next);
            setErrors({});
          }}
          errors={errors}
          isDisabled={busy}
        />
      )}
    </FormModal>
  );
}
