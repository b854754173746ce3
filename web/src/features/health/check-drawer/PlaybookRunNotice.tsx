import { useId } from 'react';
import { Link } from 'react-router';
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';
import { playbookLabel, type Playbook } from './playbook-match.js';

export interface PlaybookRunNoticeProps {
  playbook: Playbook;
  checkId: string;
  onClose: () => void;
}

/**
 * Stands in for the run-playbook dialog (spec 1 §2), which arrives with the playbooks feature:
 * that issue replaces this one component.
 */
export function PlaybookRunNotice({ playbook, onClose }: PlaybookRunNoticeProps) {
  const titleId = useId();
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={`Run ${playbookLabel(playbook)}`} labelId={titleId} />
      <ModalBody>
        Running a playbook from here arrives with the playbooks feature. Meanwhile, see the playbooks on the{' '}
        <Link to="/playbooks">Playbooks</Link> page.
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
