import { Avatar, Flex, FlexItem, Tooltip } from '@patternfly/react-core';
import { initialsOf } from '../../shell/UserMenu.js';
import type { IncidentSummary } from './types.js';

/** Spec 2 §9: a row shows up to 5 responders; a hover card opens and closes after 1 s. */
export const MAX_AVATARS = 5;
export const HOVER_CARD_DELAY_MS = 1000;

type Responder = IncidentSummary['responders'][number];

function responderName(responder: Responder): string {
  return responder.person?.name ?? responder.team?.name ?? 'Unknown responder';
}

function ResponderAvatar({ responder }: { responder: Responder }) {
  const name = responderName(responder);
  const kind = responder.team ? 'Team' : 'Person';
  const avatar = responder.person?.avatar;
  return (
    <Tooltip
      entryDelay={HOVER_CARD_DELAY_MS}
      exitDelay={HOVER_CARD_DELAY_MS}
      content={
        <div>
          <strong>{name}</strong>
          <div>{kind} responder</div>
        </div>
      }
    >
      {/* Focusable, so the card opens from the keyboard too. */}
      <span tabIndex={0} className="ops-incident-responder">
        {avatar ? (
          <Avatar src={avatar} alt={name} size="sm" />
        ) : (
          <Avatar
            initials={initialsOf(name)}
            alt={name}
            size="sm"
            color={responder.team ? 'purple' : 'blue'}
          />
        )}
      </span>
    </Tooltip>
  );
}

/** The first five responders of an incident as avatars, and how many more there are. */
export function ResponderAvatars({ responders }: { responders: Responder[] }) {
  const shown = responders.slice(0, MAX_AVATARS);
  const more = responders.length - shown.length;
  return (
    <Flex spaceItems={{ default: 'spaceItemsXs' }} flexWrap={{ default: 'nowrap' }}>
      {shown.map((responder) => (
        <FlexItem key={responder.id}>
          <ResponderAvatar responder={responder} />
        </FlexItem>
      ))}
      {more > 0 && <FlexItem aria-label={`${more} more responders`}>+{more}</FlexItem>}
    </Flex>
  );
}
