import { Alert } from '@patternfly/react-core';
import { linkedReadOnly, linkedTo, type AgentLinkedRow } from '../../../../common/managed.js';
import { useLinkedAgent } from './use-linked-agent.js';

export interface LinkedNoteProps {
  /** The agent's name (its id when the name cannot be read). */
  agent: string;
  /** Why it is read-only here: common/managed.ts's linkedReadOnly of the row. */
  note: string;
  /** The wrapper's class, for the room around the note where it is shown. */
  className?: string;
}

// PatternFly's utility classes are not shipped: the gap below is the spacer token, inline.
const BELOW = { marginBlockEnd: 'var(--pf-t--global--spacer--md)' };

/** The note over an agent's row in the hub: 'Linked to eu-1', read-only here, changed there. */
export function LinkedNote({ agent, note, className }: LinkedNoteProps) {
  return (
    <div className={className} style={BELOW}>
      <Alert variant="info" isInline isPlain title={linkedTo(agent)}>
        {note}
      </Alert>
    </div>
  );
}

export interface LinkedAgentNoteProps {
  /** The row as the page read it: its agent_id, and its agent when embedded. */
  row: AgentLinkedRow | null | undefined;
  /** How the sentence names the row: 'This catalog item'. */
  subject: string;
  className?: string;
}

/** LinkedNote over a row of an agent's, once the agent's name is known; nothing for the console's own. */
export function LinkedAgentNote({ row, subject, className }: LinkedAgentNoteProps) {
  const agent = useLinkedAgent(row);
  if (!agent?.name) return null;
  return <LinkedNote agent={agent.name} note={linkedReadOnly(subject, agent.name)} className={className} />;
}
