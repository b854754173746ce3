import { useState } from 'react';
import {
  Button,
  DataList,
  DataListAction,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  Dropdown,
  DropdownItem,
  DropdownList,
  EmptyState,
  EmptyStateBody,
  MenuToggle,
  Skeleton,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { EllipsisVIcon, UsersIcon } from '@patternfly/react-icons';
import { can, errorMessage, useDbQuery, useWhoami } from '../../../api/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { AddMembersModal } from './AddMembersModal.js';
import { listMembers, membersKey, removeMember, type Person, type TeamMember } from './teams-api.js';

export const NO_MEMBERS = "You haven't added any team members to the team yet.";

function MemberActions({ person, onRemove }: { person: Person; onRemove: (person: Person) => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: 'right' }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          aria-label={`Actions for ${person.name}`}
          isExpanded={isOpen}
          onClick={() => setOpen(!isOpen)}
          icon={<EllipsisVIcon />}
        />
      )}
    >
      <DropdownList>
        <DropdownItem onClick={() => onRemove(person)}>Remove user</DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}

/** The Members tab of a team: who is in it, with add and remove for those who manage identities. */
export function TeamMembersPanel({ teamId }: { teamId: string }) {
  const { data: whoami } = useWhoami();
  const toast = useToast();
  const canWrite = can(whoami, 'identities', 'write');
  const { data, error, isLoading, mutate } = useDbQuery<TeamMember[]>(
    membersKey(teamId),
    () => listMembers(teamId),
    { shouldRetryOnError: false, onError: (failure) => toast.error(failure) },
  );
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Person>();
  const people = (data ?? []).map((member) => member.person_id).sort((a, b) => a.name.localeCompare(b.name));

  const remove = async (person: Person) => {
    try {
      await removeMember(teamId, person.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(`${person.name} removed from team successfully`);
    void mutate();
  };

  let content;
  if (isLoading) {
    content = <Skeleton screenreaderText="Loading team members" height="4rem" />;
  } else if (error && !data) {
    content = (
      <EmptyState status="danger" titleText="Something went wrong" headingLevel="h3">
        <EmptyStateBody>{errorMessage(error)}</EmptyStateBody>
      </EmptyState>
    );
  } else if (people.length === 0) {
    content = (
      <EmptyState icon={UsersIcon} titleText="No team members" headingLevel="h3">
        <EmptyStateBody>{NO_MEMBERS}</EmptyStateBody>
      </EmptyState>
    );
  } else {
    content = (
      <DataList aria-label="Team members" isCompact>
        {people.map((person) => (
          <DataListItem key={person.id} aria-labelledby={`member-${person.id}`}>
            <DataListItemRow>
              <DataListItemCells
                dataListCells={[
                  <DataListCell key="name">
                    <span id={`member-${person.id}`}>{person.name}</span>
                  </DataListCell>,
                  <DataListCell key="email">{person.email}</DataListCell>,
                ]}
              />
              {canWrite && (
                <DataListAction
                  id={`member-${person.id}-actions`}
                  aria-labelledby={`member-${person.id} member-${person.id}-actions`}
                  aria-label="Actions"
                >
                  <MemberActions person={person} onRemove={setRemoving} />
                </DataListAction>
              )}
            </DataListItemRow>
          </DataListItem>
        ))}
      </DataList>
    );
  }

  return (
    <>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button variant="primary" onClick={() => setAdding(true)} isDisabled={isLoading}>
                Add Members
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {content}
      {adding && (
        <AddMembersModal
          teamId={teamId}
          memberIds={people.map((person) => person.id)}
          onAdded={() => void mutate()}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title="Remove user"
        body={removing && `Are you sure you want to remove ${removing.name} from the team?`}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(undefined)}
      />
    </>
  );
}
