import { Fragment } from 'react';
import { Link } from 'react-router';
import { Label } from '@patternfly/react-core';
import { UserIcon } from '@patternfly/react-icons';
import { MENTION } from '../../../../../common/incidents.js';
import { writeIncidentFilters } from '../incident-params.js';
import type { PersonRef } from '../types.js';

/** A mention as a comment stores it: `@[Ada Lovelace](user:<id>)`. */
export const mentionMarkup = (person: Pick<PersonRef, 'id' | 'name'>) =>
  `@[${person.name.replace(/[[\]]/g, '')}](user:${person.id})`;

/** The `@name` being typed just before the caret, if any: what the picker filters people by. */
export interface MentionQuery {
  /** The text after the `@`. */
  query: string;
  /** Where the `@` is. */
  start: number;
}

// An `@` at the start or after a space, then the name typed so far (no spaces or markup).
const TYPING = /(^|\s)@([^\s@[\]()]*)$/;

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  return { query: match[2]!, start: match.index + match[1]!.length };
}

/** The text with the `@query` replaced by the person's mention, and where the caret goes. */
export function insertMention(
  text: string,
  { start, query }: MentionQuery,
  person: Pick<PersonRef, 'id' | 'name'>,
): { text: string; caret: number } {
  const markup = `${mentionMarkup(person)} `;
  const end = start + 1 + query.length;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, start) + markup + rest, caret: start + markup.length };
}

/** Where a mention leads: the incident list with its owner filter set to the person. */
export const ownedIncidentsLink = (personId: string) => ({
  pathname: '/incidents',
  search: `?${writeIncidentFilters(new URLSearchParams(), { owner: personId }).toString()}`,
});

/** A mention: the person's name as a link to the incidents they own. */
function MentionLink({ display, id }: { display: string; id: string }) {
  return (
    <Label
      isCompact
      color="blue"
      icon={<UserIcon />}
      isClickable
      render={({ className, content, componentRef }) => (
        <Link
          to={ownedIncidentsLink(id)}
          className={className}
          ref={componentRef}
          title={`Incidents owned by ${display}`}
          data-user-id={id}
        >
          {content}
        </Link>
      )}
    >
      {`@${display}`}
    </Label>
  );
}

/** A comment's text with each mention shown as a link naming the person. */
export function CommentText({ text }: { text: string }) {
  const parts: (string | { display: string; id: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(MENTION.source, 'g'))) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ display: match[1]!, id: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <MentionLink key={index} display={part.display} id={part.id} />
        ),
      )}
    </span>
  );
}
