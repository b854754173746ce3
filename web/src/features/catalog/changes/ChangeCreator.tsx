import { Avatar, Flex, FlexItem } from '@patternfly/react-core';
import { UserIcon } from '@patternfly/react-icons';
import type { ChangeRow } from './changes-api.js';

/**
 * Who made a change: the person with their avatar when the platform knows them, otherwise the
 * external actor (a bot, a cloud role) by name; nothing when neither is known.
 */
export function ChangeCreator({ change }: { change: Pick<ChangeRow, 'creator' | 'created_by' | 'external_created_by'> }) {
  const person = change.creator ?? (typeof change.created_by === 'object' ? change.created_by : null);
  const name = person?.name ?? change.external_created_by ?? (typeof change.created_by === 'string' ? change.created_by : null);
  if (!name) return null;
  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }} alignItems={{ default: 'alignItemsCenter' }}>
      <FlexItem>
        {person?.avatar ? <Avatar src={person.avatar} alt="" size="sm" /> : <UserIcon aria-hidden="true" />}
      </FlexItem>
      <FlexItem style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{name}</FlexItem>
    </Flex>
  );
}
