import { screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { incident, incidentReplies, renderIncident } from '../detail-test-support.js';
import type { IncidentDetail } from '../incident-api.js';
import { responderRow } from '../test-support.js';

const page = fakeApiPerTest((api) => {
  incidentReplies(api);
  api.reply('PATCH api/db/incidents', { status: 204 });
});
const CORA = { id: 'u2', name: 'Cora Commander', avatar: null };
const writes = () => page.sent.filter((r) => r.method !== 'GET');
const peopleSearches = () => page.sent.filter((r) => r.path === 'api/incidents/people');
const details = () => screen.findByRole('region', { name: 'Incident details' });

describe('the Details panel', () => {
  it("shows the incident's fields", async () => {
    renderIncident();
    const panel = await details();
    expect(panel).toHaveTextContent('INC0000042');
    expect(within(panel).getByRole('combobox', { name: 'Type' })).toHaveValue('performance');
    expect(within(panel).getByRole('combobox', { name: 'Severity' })).toHaveValue('medium');
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(within(panel).getByText('Created')).toBeInTheDocument();
  });

  it('says Responders once, as the term, and names the list of responders', async () => {
    page.api.reply('GET api/db/responders', {
      status: 200,
      body: [
        responderRow({
          type: 'person',
          person_id: 'u1',
          properties: { responderType: 'person', person: 'u1' },
          person: { id: 'u1', name: 'Jane Doe', avatar: null },
        }),
      ],
    });
    renderIncident();
    const panel = await details();
    const list = await within(panel).findByRole('list', { name: 'Responders' });
    expect(within(list).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(panel).getAllByText('Responders')).toHaveLength(1);
    expect(within(panel).queryByRole('heading', { name: 'Responders' })).not.toBeInTheDocument();
  });

  it('defaults the severity to High when the incident has none', async () => {
    incidentReplies(page.api, incident({ severity: null as unknown as IncidentDetail['severity'] }));
    renderIncident();
    expect(within(await details()).getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
  });

  it('saves a new severity and type as chosen', async () => {
    const { user } = renderIncident();
    const panel = await details();
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Severity' }), 'critical');
    await waitFor(() => expect(writes()).toHaveLength(1));
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Type' }), 'security');
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes().map((w) => w.body)).toEqual([{ severity: 'critical' }, { type: 'security' }]);
    expect(writes()[0]!.query.get('id')).toBe('eq.7a0c2d4e-1111-4222-8333-444455556666');
  });

  it('lets a commander search for a commander and saves the one chosen', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('commander') });
    page.api.reply('GET api/incidents/people', { status: 200, body: [CORA] });
    const { user } = renderIncident();
    const commander = await within(await details()).findByRole('combobox', { name: 'Commander' });
    expect(commander).toHaveDisplayValue('');
    expect(commander).toHaveAttribute('placeholder', 'None');
    await user.type(commander, 'Cor');
    await waitFor(() => expect(peopleSearches().at(-1)?.query.get('q')).toBe('Cor'));
    await user.click(await screen.findByRole('option', { name: 'Cora Commander' }));
    await waitFor(() =>
      expect(writes()).toEqual([expect.objectContaining({ body: { commander_id: 'u2' } })]),
    );
    expect(page.sent.some((r) => r.path === 'api/db/people')).toBe(false);
  });

  it("shows the commander and clears them with 'None'", async () => {
    incidentReplies(page.api, incident({ commander_id: 'u2', commander: CORA }));
    const { user } = renderIncident();
    const commander = await within(await details()).findByRole('combobox', { name: 'Commander' });
    expect(commander).toHaveDisplayValue('Cora Commander');
    await user.click(commander);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await waitFor(() =>
      expect(writes()).toEqual([expect.objectContaining({ body: { commander_id: null } })]),
    );
  });

  it("shows the server's refusal", async () => {
    page.api.reply('PATCH api/db/incidents', { status: 409, body: { message: 'The incident is closed' } });
    const { user } = renderIncident();
    await user.selectOptions(within(await details()).getByRole('combobox', { name: 'Severity' }), 'low');
    expect(await screen.findByText('The incident is closed')).toBeInTheDocument();
  });

  it('shows a closed incident read-only but for its status', async () => {
    incidentReplies(page.api, incident({ status: 'closed', commander_id: 'u2', commander: CORA }));
    renderIncident();
    const panel = await details();
    expect(within(panel).queryByRole('combobox', { name: 'Severity' })).not.toBeInTheDocument();
    expect(within(panel).getByText('Medium')).toBeInTheDocument();
    expect(within(panel).getByText('Cora Commander')).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveValue('closed');
  });

  it('lets a responder choose the commander without reading people', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('responder') });
    incidentReplies(page.api, incident({ commander_id: 'u2', commander: CORA }));
    renderIncident();
    const panel = await details();
    const commander = await within(panel).findByRole('combobox', { name: 'Commander' });
    expect(commander).toHaveDisplayValue('Cora Commander');
    expect(within(panel).getByRole('combobox', { name: 'Severity' })).toBeInTheDocument();
    expect(page.sent.some((r) => r.path === 'api/db/people')).toBe(false);
  });

  it('shows a viewer the commander by name', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    incidentReplies(page.api, incident({ commander_id: 'u2', commander: CORA }));
    renderIncident();
    const panel = await details();
    expect(await within(panel).findByText('Cora Commander')).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Commander' })).not.toBeInTheDocument();
  });
});
