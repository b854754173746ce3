import { useId } from 'react';
import {
  Button,
  Content,
  InputGroup,
  InputGroupItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  TextInput,
} from '@patternfly/react-core';
import { CopyIcon } from '@patternfly/react-icons';
import { useCopyToClipboard } from '../../../components/CopyButton/index.js';

export const LINK_COPIED = 'Link copied to clipboard';

export interface InviteLinkModalProps {
  /** Who was invited, as shown: 'Ada Lovelace'. */
  name: string;
  link: string;
  onClose: () => void;
}

/** After an invite: the link to hand to the new user, read-only, with a copy button (spec 3 §2.3). */
export function InviteLinkModal({ name, link, onClose }: InviteLinkModalProps) {
  const copy = useCopyToClipboard();
  const titleId = useId();
  const linkId = useId();
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title="User invited" labelId={titleId} />
      <ModalBody>
        <Content component="p">
          {name} was invited. Share this link with them so they can set up their account:
        </Content>
        <InputGroup>
          <InputGroupItem isFill>
            <TextInput id={linkId} aria-label="Invite link" value={link} readOnlyVariant="default" />
          </InputGroupItem>
          <InputGroupItem>
            <Button
              variant="control"
              aria-label="Copy invite link"
              icon={<CopyIcon />}
              onClick={() => void copy(link, LINK_COPIED)}
            />
          </InputGroupItem>
        </InputGroup>
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
