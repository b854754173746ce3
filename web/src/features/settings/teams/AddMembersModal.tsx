import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Form,
  FormGroup,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Skeleton,
} from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { PeopleMultiSelect } from './PeopleMultiSelect.js';
import { addMembers, listPeople, membersAddedMessage, PEOPLE_KEY, type Person } from './teams-api.js';

export interface AddMembersModalProps {
  teamId: string;
  /** Who is in the team already: they are not offered. */
  memberIds: string[];
  onAdded: () => void;
  onClose: () => void;
}

/** 'Add Members': pick people not yet in the team and add them in one request. */
export function AddMembersModal({ teamId, memberIds, onAdded, onClose }: AddMembersModalProps) {
  const toast = useToast();
  const idPrefix = useId();
  const formId = `${idPrefix}-form`;
  const {
    data: people,
    error,
    isLoading,
  } = useDbQuery<Person[]>(PEOPLE_KEY, listPeople, {
    shouldRetryOnError: false,
    onError: (failure) => toast.error(failure),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const candidates = (people ?? []).filter((person) => !memberIds.includes(person.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) return;
    setBusy(true);
    try {
      await addMembers(teamId, selected);
    } catch (failure) {
      toast.error(failure);
      setBusy(false);
      return;
    }
    toast.success(membersAddedMessage(selected.length));
    onAdded();
    onClose();
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal variant="small" isOpen onClose={close} aria-labelledby={`${idPrefix}-title`}>
      <ModalHeader title="Add Members" labelId={`${idPrefix}-title`} />
      <ModalBody>
        <Form id={formId} onSubmit={submit}>
          <FormGroup label="Users" fieldId={`${idPrefix}-people`}>
            {isLoading ? (
              <Skeleton screenreaderText="Loading people" height="2.25rem" />
            ) : (
              <PeopleMultiSelect
                people={candidates}
                selected={selected}
                onChange={setSelected}
                label="Users to add"
                isDisabled={busy || Boolean(error)}
              />
            )}
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button
          type="submit"
          form={formId}
          variant="primary"
          isDisabled={busy || selected.length === 0}
          isLoading={busy}
        >
          Add
        </Button>
        <Button variant="link" onClick={close} isDisabled={busy}>
          Cancel
        </Button>
      </ModalFooter>
    </Modal>
  );
}
