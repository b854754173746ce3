// The note over a row an agent pushed to its hub ('Linked to eu-1'), and the hook that tells
// whether a row is one and names its agent.
export {
  LinkedAgentNote,
  LinkedNote,
  type LinkedAgentNoteProps,
  type LinkedNoteProps,
} from './LinkedNote.js';
export { agentNameKey, useLinkedAgent, type LinkedAgent } from './use-linked-agent.js';
