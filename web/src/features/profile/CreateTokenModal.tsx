import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CodeBlock,
  CodeBlockAction,
  CodeBlockCode,
  Form,
  FormAlert,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Stack,
  TextInput,
} from '@patternfly/react-core';
import { apiJson, errorMessage } from '../../api/index.js';
import { CopyButton } from '../../components/CopyButton/index.js';
import {
  DEFAULT_EXPIRY,
  EXPIRY_OPTIONS,
  TOKEN_SHOWN_ONCE,
  expiryFor,
  type CreatedToken,
} from './api-tokens.js';

export const NAME_REQUIRED = 'Please provide a name for the token';

export interface CreateTokenModalProps {
  /** Called once the server has made the token (the list can refresh behind the modal). */
  onCreated: (token: CreatedToken) => void;
  onClose: () => void;
}

/** Asks for a name and an expiry, then shows the new token once, with a copy button. */
export function CreateTokenModal({ onCreated, onClose }: CreateTokenModalProps) {
  const [created, setCreated] = useState<CreatedToken>();
  const [creating, setCreating] = useState(false);
  const titleId = useId();
  // Closing while the server makes the token would throw away the one chance to see it.
  const close = () => {
    if (!creating) onClose();
  };
  return (
    <Modal variant="small" isOpen onClose={close} aria-labelledby={titleId}>
      {created ? (
        <CreatedTokenView token={created} titleId={titleId} onClose={onClose} />
      ) : (
        <CreateTokenForm
          titleId={titleId}
          creating={creating}
          setCreating={setCreating}
          onClose={close}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
            onCreated(token);
          }}
        />
      )}
    </Modal>
  );
}

interface CreateTokenFormProps extends CreateTokenModalProps {
  titleId: string;
  creating: boolean;
  setCreating: (creating: boolean) => void;
}

function CreateTokenForm({ titleId, creating, setCreating, onCreated, onClose }: CreateTokenFormProps) {
  const formId = useId();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY.label);
  const [nameMissing, setNameMissing] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    const days = EXPIRY_OPTIONS.find((option) => option.label === expiry)?.days ?? null;
    setCreating(true);
    setError(undefined);
    try {
      const token = await apiJson<CreatedToken>('api/auth/create_token', {
        method: 'POST',
        json: { name: name.trim(), expiry: expiryFor(days) },
      });
      onCreated(token);
    } catch (failure) {
      setError(errorMessage(failure));
      setCreating(false);
    }
  };

  return (
    <>
      <ModalHeader title="Create token" labelId={titleId} />
      <ModalBody>
        <Form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          {error && (
            <FormAlert>
              <Alert variant="danger" isInline isLiveRegion title={error} />
            </FormAlert>
          )}
          <FormGroup label="Name" isRequired fieldId={`${formId}-name`}>
            <TextInput
              id={`${formId}-name`}
              autoFocus
              value={name}
              validated={nameMissing ? 'error' : 'default'}
              aria-describedby={nameMissing ? `${formId}-name-error` : undefined}
              onChange={(_event, value) => {
                setName(value);
                setNameMissing(false);
              }}
            />
            {nameMissing && (
              <FormHelperText>
                <HelperText>
                  <HelperTextItem id={`${formId}-name-error`} variant="error">
                    {NAME_REQUIRED}
                  </HelperTextItem>
                </HelperText>
              </FormHelperText>
            )}
          </FormGroup>
          <FormGroup label="Expiry" fieldId={`${formId}-expiry`}>
            <FormSelect id={`${formId}-expiry`} value={expiry} onChange={(_event, value) => setExpiry(value)}>
              {EXPIRY_OPTIONS.map((option) => (
                <FormSelectOption key={option.label} value={option.label} label={option.label} />
              ))}
            </FormSelect>
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button type="submit" form={formId} variant="primary" isLoading={creating} isDisabled={creating}>
          Create
        </Button>
        <Button variant="link" onClick={onClose} isDisabled={creating}>
          Cancel
        </Button>
      </ModalFooter>
    </>
  );
}

function CreatedTokenView({
  token,
  titleId,
  onClose,
}: {
  token: CreatedToken;
  titleId: string;
  onClose: () => void;
}) {
  return (
    <>
      <ModalHeader title={`Token ${token.name} created`} labelId={titleId} />
      <ModalBody>
        <Stack hasGutter>
          <Alert variant="warning" isInline isPlain title={TOKEN_SHOWN_ONCE} />
          <CodeBlock
            actions={
              <CodeBlockAction>
                <CopyButton text={token.token} label="Copy access token" />
              </CodeBlockAction>
            }
          >
            <CodeBlockCode>{token.token}</CodeBlockCode>
          </CodeBlock>
        </Stack>
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </ModalFooter>
    </>
  );
}
