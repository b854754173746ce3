import { useState, type AnchorHTMLAttributes, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import useSWR from 'swr';
import { ActionGroup, Alert, Button, Content, Form, FormAlert, Stack } from '@patternfly/react-core';
import { ApiError, apiJson, errorMessage } from '../../api/index.js';
import { AuthLayout, AuthProgress } from './AuthLayout.js';
import { loadConsolePage } from './navigation.js';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields.js';

/** The answer of POST api/auth/invite/lookup. */
interface Invite {
  firstName: string;
  lastName: string;
  email: string;
  mode: 'local' | 'oidc';
}

/** What the server answers for an unknown or expired token; also said for a link without one. */
const INVALID_INVITE = 'This invite link is not valid or has expired.';
const TITLE = 'Join Ops Console';

function SignInAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...props} to="/login" />;
}

function SignInLink({ variant }: { variant: 'primary' | 'link' }) {
  return (
    <Button variant={variant} isBlock={variant === 'primary'} component={SignInAnchor}>
      Sign in
    </Button>
  );
}

function InvalidInvite({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <AuthLayout title={TITLE}>
      <Stack hasGutter>
        <Alert variant="danger" isInline title={message} />
        {onRetry && (
          <Button variant="primary" isBlock onClick={onRetry}>
            Try again
          </Button>
        )}
        <SignInLink variant={onRetry ? 'link' : 'primary'} />
      </Stack>
    </AuthLayout>
  );
}

/**
 * /invite#<token>: someone invited by an administrator sets their password (local mode) or is
 * sent to sign in with the identity provider (OIDC). The token sits in the URL fragment, which
 * browsers never send to servers or write to their logs.
 */
export function InvitePage() {
  const token = useLocation().hash.slice(1);
  const lookup = useSWR<Invite, ApiError>(
    token ? ['api/auth/invite/lookup', token] : null,
    () => apiJson<Invite>('api/auth/invite/lookup', { method: 'POST', json: { token } }),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  // Set when accepting finds the token gone (used or expired meanwhile).
  const [expired, setExpired] = useState<string>();

  if (!token) return <InvalidInvite message={INVALID_INVITE} />;
  if (expired) return <InvalidInvite message={expired} />;
  if (lookup.error) {
    const retry = lookup.error.status === 404 ? undefined : () => void lookup.mutate();
    return <InvalidInvite message={errorMessage(lookup.error)} onRetry={retry} />;
  }
  if (!lookup.data) {
    return (
      <AuthLayout title={TITLE}>
        <AuthProgress label="Loading…" />
      </AuthLayout>
    );
  }

  const invite = lookup.data;
  return (
    <AuthLayout title={`Welcome, ${invite.firstName} ${invite.lastName}`} subtitle={invite.email}>
      {invite.mode === 'local' ? (
        <AcceptInviteForm token={token} email={invite.email} onExpired={setExpired} />
      ) : (
        <Stack hasGutter>
          <Content component="p">Sign in with your organization&apos;s account to start.</Content>
          <SignInLink variant="primary" />
        </Stack>
      )}
    </AuthLayout>
  );
}

interface AcceptInviteFormProps {
  token: string;
  email: string;
  onExpired: (message: string) => void;
}

/** Local mode: choose a password; accepting signs in and opens the console. */
function AcceptInviteForm({ token, email, onExpired }: AcceptInviteFormProps) {
  const newPassword = useNewPassword();
  const [error, setError] = useState<string>();
  const [accepting, setAccepting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (accepting || !newPassword.confirm()) return;
    setAccepting(true);
    setError(undefined);
    try {
      await apiJson('api/auth/invite/accept', {
        method: 'POST',
        json: { token, password: newPassword.password },
      });
    } catch (failure) {
      setAccepting(false);
      if (failure instanceof ApiError && failure.status === 404) onExpired(errorMessage(failure));
      else {
        setError(errorMessage(failure));
        newPassword.focus();
      }
      return;
    }
    loadConsolePage('/');
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      {error && (
        <FormAlert>
          <Alert variant="danger" isInline isLiveRegion title={error} />
        </FormAlert>
      )}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        {...newPassword.fields}
        idPrefix="invite"
        passwordLabel="Choose a password"
        confirmationLabel="Confirm password"
      />
      <ActionGroup>
        <Button type="submit" variant="primary" isBlock isLoading={accepting} isDisabled={accepting}>
          Set password and sign in
        </Button>
      </ActionGroup>
    </Form>
  );
}
