import { Alert } from '@patternfly/react-core';
import { linkedTo } from '../../../../common/managed.js';

export interface LinkedNoteProps {
  /** The agent's name (its id when the name cannot be read). */
  agent: string;
  /** Why it is read-only here: common/managed.ts's linkedReadOnly of the row. */
  note: string;
}

// PatternFly's utility classes are not shipped: the gap below is the spacer token, inline.
const BELOW = { marginBlockEnd: 'var(--pf-t--global--spacer--md)' };

/** The note over an agent's row in the hub: 'Linked to eu-1', read-only here, changed there. */
export function LinkedNote({ agent, note }: LinkedNoteProps) {
  return (
    <div style={BELOW}>
      <Alert variant="info" isInline isPlain title={linkedTo(agent)}>
        {note}
      </Alert>
    </div>
  );
}
