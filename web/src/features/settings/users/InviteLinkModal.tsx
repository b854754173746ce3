import { useId } from 'react';
import { Button, Content, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';
import { CopyableText } from '../../../components/CopyButton/index.js';

export const LINK_COPIED = 'Link copied to clipboard';

export interface InviteLinkModalProps {
  /** Who was invited, as shown: 'Ada Lovelace'. */
  name: string;
  link: string;
  onClose: () => void;
}

/** After an invite: the link to hand to the new user, read-only, with a copy button (spec 3 §2.3). */
export function InviteLinkModal({ name, link, onClose }: InviteLinkModalProps) {
  const titleId = useId();
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title="User invited" labelId={titleId} />
      <ModalBody>
        <Content component="p">
          {name} was invited. Share this link with them so they can set up their account:
        </Content>
        <CopyableText
          ariaLabel="Invite link"
          value={link}
          copyLabel="Copy invite link"
          copiedMessage={LINK_COPIED}
        />
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
