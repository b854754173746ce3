import { render, screen } from '@testing-library/react';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { linkedReadOnly } from '../../../../common/managed.js';
import { fakeApiPerTest, FreshSwr } from '../../shell/test-support.js';
import { LinkedAgentNote } from './LinkedNote.js';
import type { LinkedAgentNoteProps } from './LinkedNote.js';

const AGENT_ID = '55555555-5555-4555-8555-555555555555';
const page = fakeApiPerTest((api) =>
  api.reply('GET api/db/agents', { status: 200, body: [{ id: AGENT_ID, name: 'eu-1' }] }),
);
const agentRequests = () => page.sent.filter((r) => r.path === 'api/db/agents');

const renderNote = (row: LinkedAgentNoteProps['row']) =>
  render(
    <FreshSwr>
      <p>page</p>
      <LinkedAgentNote row={row} subject="This catalog item" />
    </FreshSwr>,
  );

describe('LinkedAgentNote', () => {
  it('reads the name of the agent a row is linked to and says it is read-only here', async () => {
    renderNote({ agent_id: AGENT_ID, created_by: null });
    expect(await screen.findByText('Linked to eu-1')).toBeInTheDocument();
    expect(screen.getByText(linkedReadOnly('This catalog item', 'eu-1'))).toBeInTheDocument();
    expect(agentRequests()).toHaveLength(1);
  });

  it('takes the name of an embedded agent without reading it again', async () => {
    renderNote({ agent_id: AGENT_ID, agent: { id: AGENT_ID, name: 'eu-2' } });
    expect(await screen.findByText('Linked to eu-2')).toBeInTheDocument();
    expect(agentRequests()).toHaveLength(0);
  });

  it("says nothing for the console's own rows nor for the hub's assignments to an agent", async () => {
    renderNote({ agent_id: LOCAL_AGENT });
    renderNote({ agent_id: AGENT_ID, created_by: 'p1' });
    renderNote(undefined);
    expect(await screen.findAllByText('page')).toHaveLength(3);
    expect(screen.queryByText(/^Linked to/)).not.toBeInTheDocument();
    expect(agentRequests()).toHaveLength(0);
  });
});
