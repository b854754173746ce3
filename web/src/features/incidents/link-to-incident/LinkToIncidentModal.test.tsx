import { jest } from '@jest/globals';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderPage, whoamiAs } from '../../../shell/test-support.js';
import type { NewEvidence } from '../incident-list-api.js';
import { LinkToIncidentModal } from './LinkToIncidentModal.js';

const evidence: NewEvidence = {
  type: 'config',
  config_id: 'cfg1',
  description: 'payments-db',
  evidence: { lines: ['max_connections: 10'], selected_lines: { 0: 'max_connections: 10' } },
};

const page = fakeApiPerTest((api) => {
  api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('responder') });
  api.reply('GET api/db/incidents', {
    status: 200,
    body: [{ id: 'i1', incident_id: 'INC0000042', title: 'Payments down', status: 'open' }],
  });
  api.reply('GET api/db/hypotheses', { status: 200, body: [{ id: 'h1', title: null, type: 'root' }] });
});

/** The dialog as a page opens it: closing it takes it away (and lets the toast be read). */
function Opened({ onClose }: { onClose: () => void }) {
  const [isOpen, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    onClose();
  };
  return <LinkToIncidentModal evidence={evidence} isOpen={isOpen} onClose={close} />;
}

async function renderLink() {
  const onClose = jest.fn();
  const user = userEvent.setup();
  const result = renderPage(<Opened onClose={onClose} />, '/catalog');
  const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
  return { ...result, user, onClose, dialog };
}

const posts = () => page.sent.filter((r) => r.method === 'POST');

describe('LinkToIncidentModal', () => {
  it('asks for an incident, chosen or created', async () => {
    const { dialog, user } = await renderLink();
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('Must select or create an incident')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Severity' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('looks incidents up by title or ID', async () => {
    const { dialog, user } = await renderLink();
    await user.type(within(dialog).getByRole('textbox', { name: 'Find incident' }), 'pay');
    await waitFor(() =>
      expect(page.sent.filter((r) => r.path === 'api/db/incidents').map((r) => r.query.get('or'))).toContain(
        '(title.ilike."*pay*",incident_id.ilike."*pay*")',
      ),
    );
    const lookups = page.sent.filter((r) => r.path === 'api/db/incidents');
    expect(lookups.every((r) => r.query.get('status') === 'not.in.(closed,resolved)')).toBe(true);
  });

  it('creates an incident with the evidence, asking for its severity and type', async () => {
    page.api.reply('POST api/incidents', {
      status: 201,
      body: { id: 'new1', incident_id: 'INC0000050', hypothesis_id: 'h9', evidence_id: 'e9' },
    });
    const { dialog, user, onClose } = await renderLink();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Incident' }), '__new__');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('Please select incident severity')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select an incident type')).toBeInTheDocument();
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Hypothesis' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Incident title' }), 'DB saturated');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'high');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'performance');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));

    expect(await screen.findByText(/Linked to incident successfully/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INC0000050' })).toHaveAttribute('href', '/incidents/new1');
    expect(onClose).toHaveBeenCalled();
    expect(posts().map((r) => [r.path, r.body])).toEqual([
      [
        'api/incidents',
        { title: 'DB saturated', type: 'performance', severity: 'high', status: 'open', evidence },
      ],
    ]);
  });

  it('attaches to a new hypothesis of an existing incident', async () => {
    page.api.reply('POST api/incidents/i1/evidence', {
      status: 201,
      body: { hypothesis_id: 'h2', evidence_id: 'e2' },
    });
    const { dialog, user } = await renderLink();
    await within(dialog).findByRole('option', { name: 'INC0000042 Payments down' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Incident' }), 'i1');
    expect(within(dialog).queryByRole('combobox', { name: 'Severity' })).not.toBeInTheDocument();
    await within(dialog).findByRole('option', { name: '(no title) (root)' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hypothesis' }), '__new__');
    await user.type(within(dialog).getByRole('textbox', { name: 'Hypothesis title' }), 'Pool too small');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Connections capped');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));

    expect(await screen.findByRole('link', { name: 'INC0000042' })).toHaveAttribute('href', '/incidents/i1');
    expect(posts().map((r) => [r.path, r.body])).toEqual([
      [
        'api/incidents/i1/evidence',
        { hypothesis_title: 'Pool too small', evidence: { ...evidence, description: 'Connections capped' } },
      ],
    ]);
  });

  it("keeps the choices and shows the server's message when linking fails", async () => {
    page.api.reply('POST api/incidents/i1/evidence', {
      status: 409,
      body: { message: 'Incident INC0000042 is closed' },
    });
    const { dialog, user, onClose } = await renderLink();
    await within(dialog).findByRole('option', { name: 'INC0000042 Payments down' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Incident' }), 'i1');
    await within(dialog).findByRole('option', { name: '(no title) (root)' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hypothesis' }), 'h1');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Incident INC0000042 is closed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('combobox', { name: 'Hypothesis' })).toHaveValue('h1');
  });
});
