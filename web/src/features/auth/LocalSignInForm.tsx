import { useRef, useState, type FormEvent } from 'react';
import { ActionGroup, Alert, Button, Form, FormAlert, FormGroup, TextInput } from '@patternfly/react-core';
// The words api/auth/login also answers an empty field with (400).
import { MISSING_CREDENTIALS } from '../../../../common/credentials.js';
import { apiJson, errorMessage } from '../../api/index.js';
import { loadConsolePage } from './navigation.js';

export interface LocalSignInFormProps {
  /** Console path to open once signed in. */
  returnTo: string;
  /** A message to show before the first attempt (e.g. why the user is back here). */
  notice?: string;
}

/** Username and password, checked by api/auth/login; on success the console opens at `returnTo`. */
export function LocalSignInForm({ returnTo, notice }: LocalSignInFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [signingIn, setSigningIn] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (signingIn) return;
    if (username.trim() === '' || password === '') {
      setError(MISSING_CREDENTIALS);
      (username.trim() === '' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSigningIn(true);
    setError(undefined);
    try {
      await apiJson('api/auth/login', { method: 'POST', json: { username, password } });
    } catch (failure) {
      setError(errorMessage(failure));
      setPassword('');
      setSigningIn(false);
      passwordRef.current?.focus();
      return;
    }
    // The button keeps spinning while the console loads.
    loadConsolePage(returnTo);
  };

  const message = error ?? notice;
  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      {message && (
        <FormAlert>
          <Alert variant="danger" isInline isLiveRegion title={message} />
        </FormAlert>
      )}
      <FormGroup label="Username" isRequired fieldId="sign-in-username">
        <TextInput
          id="sign-in-username"
          name="username"
          ref={usernameRef}
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(_event, value) => setUsername(value)}
        />
      </FormGroup>
      <FormGroup label="Password" isRequired fieldId="sign-in-password">
        <TextInput
          id="sign-in-password"
          name="password"
          type="password"
          ref={passwordRef}
          autoComplete="current-password"
          value={password}
          onChange={(_event, value) => setPassword(value)}
        />
      </FormGroup>
      <ActionGroup>
        <Button type="submit" variant="primary" isBlock isLoading={signingIn} isDisabled={signingIn}>
          Sign in
        </Button>
      </ActionGroup>
    </Form>
  );
}
