import { useState, type FormEvent } from 'react';
import {
  ActionGroup,
  Alert,
  Button,
  Card,
  CardBody,
  CardTitle,
  Form,
  FormAlert,
  FormGroup,
  TextInput,
} from '@patternfly/react-core';
import { apiJson, errorMessage } from '../../api/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { NewPasswordFields, useNewPassword } from '../auth/index.js';

export const PASSWORD_CHANGED = 'Password changed successfully';

/** Spec 1 §9: profile flow messages vanish after 10 s. */
export const PROFILE_MESSAGE_TIMEOUT_MS = 10_000;

/** Local mode: the signed-in user changes their own password. */
export function ChangePasswordForm({ email }: { email: string | null }) {
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const newPassword = useNewPassword();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !newPassword.confirm()) return;
    setSaving(true);
    setError(undefined);
    try {
      await apiJson('api/auth/change_password', {
        method: 'POST',
        json: { currentPassword, newPassword: newPassword.password },
      });
      toast.success(PASSWORD_CHANGED);
      setCurrentPassword('');
      newPassword.clear();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardTitle component="h2">Change password</CardTitle>
      <CardBody>
        <Form onSubmit={(event) => void submit(event)} noValidate>
          {error && (
            <FormAlert>
              <Alert
                variant="danger"
                isInline
                isLiveRegion
                title={error}
                timeout={PROFILE_MESSAGE_TIMEOUT_MS}
                onTimeout={() => setError(undefined)}
              />
            </FormAlert>
          )}
          {/* For password managers: the account whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          <FormGroup label="Current password" isRequired fieldId="current-password">
            <TextInput
              id="current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(_event, value) => setCurrentPassword(value)}
            />
          </FormGroup>
          <NewPasswordFields
            {...newPassword.fields}
            idPrefix="change"
            passwordLabel="New password"
            confirmationLabel="Confirm new password"
          />
          <ActionGroup>
            <Button type="submit" variant="primary" isLoading={saving} isDisabled={saving}>
              Change password
            </Button>
          </ActionGroup>
        </Form>
      </CardBody>
    </Card>
  );
}
