import { Avatar, Label } from '@patternfly/react-core';
import { UsersIcon } from '@patternfly/react-icons';
import {
  isTeamWithoutTarget,
  responderLink,
  type ResponderClient,
} from '../../../../../common/responder-templates.js';
import type { ResponderWithRefs } from '../responders-api.js';
import { HoverCard } from './HoverCard.js';
import { labelOfType } from './responder-form.js';

const PICTURE = /^(https?:\/\/|data:image\/)/i;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The name a responder goes by: its person's, or its team's. */
export const responderName = (responder: ResponderWithRefs): string =>
  responder.person?.name ?? responder.team?.name ?? 'Unknown responder';

/** A team responder's responder type (Jira, Email...); undefined for a person or a team with no target. */
export function responderTypeOf(responder: ResponderWithRefs): string | undefined {
  if (responder.person_id || isTeamWithoutTarget(responder)) return undefined;
  const type = responder.properties?.responderType;
  return typeof type === 'string' ? type : responder.type;
}

/** How a team responder's delivery to its system reads. */
export const DELIVERY: Record<string, { text: string; color: 'green' | 'blue' | 'red' | 'grey' }> = {
  pending: { text: 'Sending', color: 'blue' },
  sent: { text: 'Delivered', color: 'green' },
  failed: { text: 'Delivery failed', color: 'red' },
  cancelled: { text: 'Not delivered', color: 'grey' },
};

/** The link to the responder's ticket in its system, from the team's linkUrl. */
export function externalLinkOf(responder: ResponderWithRefs): string | undefined {
  const type = responderTypeOf(responder);
  if (!type || !responder.team) return undefined;
  const spec = responder.team.spec as { responder_clients?: Record<string, ResponderClient> } | null;
  return responderLink(spec?.responder_clients?.[type], responder.external_id);
}

/** A person's avatar (or initials) or a team's icon, with its hover card. */
export function ResponderAvatar({ responder }: { responder: ResponderWithRefs }) {
  const name = responderName(responder);
  const type = responderTypeOf(responder);
  const picture = responder.person?.avatar ?? responder.team?.icon;
  const link = externalLinkOf(responder);
  const delivery = responder.delivery_status ? DELIVERY[responder.delivery_status] : undefined;
  const card = (
    <div>
      <strong>{name}</strong>
      <div>{responder.person_id ? 'Person' : type ? `${labelOfType(type)} (team)` : 'Team'}</div>
      {responder.external_id && (
        <div>
          External ID:{' '}
          {link ? (
            <a href={link} target="_blank" rel="noreferrer">
              {responder.external_id}
            </a>
          ) : (
            responder.external_id
          )}
        </div>
      )}
      {delivery && (
        <Label isCompact color={delivery.color}>
          {delivery.text}
        </Label>
      )}
      {responder.delivery_error && <div>{responder.delivery_error}</div>}
    </div>
  );
  return (
    <HoverCard label={name} card={card}>
      {picture && PICTURE.test(picture) ? (
        responder.person ? (
          <Avatar src={picture} alt="" size="sm" />
        ) : (
          <img src={picture} alt="" className="ops-responder-team-icon" />
        )
      ) : responder.person ? (
        <Avatar initials={initialsOf(name)} alt="" size="sm" color="blue" />
      ) : (
        <UsersIcon className="ops-responder-team-icon" />
      )}
    </HoverCard>
  );
}
