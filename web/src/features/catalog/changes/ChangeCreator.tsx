import { Avatar, Flex, FlexItem } from '@patternfly/react-core';
import { UserIcon } from '@patternfly/react-icons';
import type { ChangeRow } from './changes-api.js';
import './changes.css';

type Creator = Pick<ChangeRow, 'creator' | 'created_by' | 'external_created_by'>;

/**
 * Who made a change: a person of the platform with their avatar, otherwise the external actor
 * (a bot, a cloud role) by name; nothing when neither is known.
 */
export function ChangeCreator({ change }: { change: Creator }) {
  const person = change.creator ?? (typeof change.created_by === 'object' ? change.created_by : null);
  if (!person) {
    const name =
      change.external_created_by ?? (typeof change.created_by === 'string' ? change.created_by : null);
    return name ? <span className="ops-change-creator">{name}</span> : null;
  }
  return (
    <Flex
      spaceItems={{ default: 'spaceItemsSm' }}
      flexWrap={{ default: 'nowrap' }}
      alignItems={{ default: 'alignItemsCenter' }}
    >
      <FlexItem>
        {person.avatar ? <Avatar src={person.avatar} alt="" size="sm" /> : <UserIcon aria-hidden="true" />}
      </FlexItem>
      <FlexItem className="ops-change-creator">{person.name}</FlexItem>
    </Flex>
  );
}
