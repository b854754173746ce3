import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderPage } from '../../shell/test-support.js';
import { CreateIncidentModal } from './CreateIncidentModal.js';
import type { NewEvidence } from './incident-list-api.js';

const page = fakeApiPerTest((api) =>
  api.reply('POST api/incidents', {
    status: 201,
    body: { id: 'new1', incident_id: 'INC0000050', hypothesis_id: 'h1' },
  }),
);

function renderCreate(evidence?: NewEvidence) {
  const onClose = jest.fn();
  const user = userEvent.setup();
  const result = renderPage(<CreateIncidentModal evidence={evidence} onClose={onClose} />, '/incidents');
  const dialog = screen.getByRole('dialog', { name: 'Create New Incident' });
  return { ...result, user, onClose, dialog };
}

const posts = () => page.sent.filter((r) => r.method === 'POST' && r.path === 'api/incidents');

describe('CreateIncidentModal', () => {
  it('starts as an open availability incident of low severity', () => {
    const { dialog } = renderCreate();
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('availability');
    expect(within(dialog).getByRole('combobox', { name: 'Severity' })).toHaveValue('low');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('');
  });

  it('asks for the title, severity, status and type before sending', async () => {
    const { dialog, user } = renderCreate();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      /This field is required/,
    );
    expect(posts()).toHaveLength(0);
  });

  it('creates the incident and opens it', async () => {
    const { dialog, user, router, onClose } = renderCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Payments down ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Card payments fail');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'critical');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'security');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/new1'));
    expect(onClose).toHaveBeenCalled();
    expect(posts()[0]!.body).toEqual({
      title: 'Payments down',
      description: 'Card payments fail',
      type: 'security',
      severity: 'critical',
      status: 'open',
    });
  });

  it("keeps what was typed and shows the server's message when it refuses", async () => {
    page.api.reply('POST api/incidents', { status: 422, body: { message: 'Title is too long' } });
    const { dialog, user, onClose, router } = renderCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Payments down');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is too long')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Payments down');
    expect(onClose).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/incidents');
  });

  it('sends the evidence it was opened with', async () => {
    const evidence: NewEvidence = {
      type: 'config',
      config_id: 'cfg1',
      evidence: { lines: ['a: 1', 'b: 2'], selected_lines: { 1: 'b: 2' } },
    };
    const { dialog, user } = renderCreate(evidence);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Config drift');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ title: 'Config drift', evidence });
    expect(screen.queryByRole('dialog')).toBeInTheDocument();
  });
});
