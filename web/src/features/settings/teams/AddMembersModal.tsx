import { useState } from 'react';
import { Skeleton } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { FormField, FormModal } from '../../../components/Form/index.js';
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
  const {
    data: people,
    error,
    isLoading,
  } = useDbQuery<Person[]>(PEOPLE_KEY, listPeople, {
    shouldRetryOnError: false,
    onError: (failure) => toast.error(failure),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const candidates = (people ?? []).filter((person) => !memberIds.includes(person.id));

  const submit = async () => {
    await addMembers(teamId, selected);
    toast.success(membersAddedMessage(selected.length));
    onAdded();
    onClose();
  };

  return (
    <FormModal
      title="Add Members"
      submitLabel="Add"
      canSubmit={selected.length > 0}
      onSubmit={submit}
      onClose={onClose}
    >
      {(busy) => (
        <FormField label="Users">
          {() =>
            isLoading ? (
              <Skeleton screenreaderText="Loading people" height="2.25rem" />
            ) : (
              <PeopleMultiSelect
                people={candidates}
                selected={selected}
                onChange={setSelected}
                label="Users to add"
                isDisabled={busy || Boolean(error)}
              />
            )
          }
        </FormField>
      )}
    </FormModal>
  );
}
