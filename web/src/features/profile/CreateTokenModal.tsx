import { useId, useState } from 'react';
import {
  Alert,
  Button,
  CodeBlock,
  CodeBlockAction,
  CodeBlockCode,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Stack,
} from '@patternfly/react-core';
import { apiJson } from '../../api/index.js';
import { CopyButton } from '../../components/CopyButton/index.js';
import { FormModal, SelectField, TextField } from '../../components/Form/index.js';
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

/**
 * Asks for a name and an expiry, then shows the new token once, with a copy button. Closing
 * while the server makes the token would throw away the one chance to see it: the form's busy
 * guard keeps it open.
 */
export function CreateTokenModal({ onCreated, onClose }: CreateTokenModalProps) {
  const [created, setCreated] = useState<CreatedToken>();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY.label);
  const [nameMissing, setNameMissing] = useState(false);

  if (created) return <CreatedTokenView token={created} onClose={onClose} />;

  const submit = async () => {
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    const days = EXPIRY_OPTIONS.find((option) => option.label === expiry)?.days ?? null;
    const token = await apiJson<CreatedToken>('api/auth/create_token', {
      method: 'POST',
      json: { name: name.trim(), expiry: expiryFor(days) },
    });
    setCreated(token);
    onCreated(token);
  };

  return (
    <FormModal title="Create token" submitLabel="Create" onSubmit={submit} onClose={onClose} errorInForm>
      <TextField
        label="Name"
        isRequired
        autoFocus
        value={name}
        error={nameMissing ? NAME_REQUIRED : undefined}
        onChange={(value) => {
          setName(value);
          setNameMissing(false);
        }}
      />
      <SelectField
        label="Expiry"
        value={expiry}
        onChange={setExpiry}
        options={EXPIRY_OPTIONS.map((option) => option.label)}
      />
    </FormModal>
  );
}

function CreatedTokenView({ token, onClose }: { token: CreatedToken; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
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
    </Modal>
  );
}
