import { screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { IncidentPage } from './IncidentPage.js';
import { HISTORY, incident, incidentReplies, renderIncident, evidence } from './detail-test-support.js';

const page = fakeApiPerTest((api) => incidentReplies(api));
const writes = () => page.sent.filter((r) => r.method !== 'GET');
const panelToggle = (name: string) => screen.getByRole('button', { name });

describe('IncidentPage', () => {
  it('shows the breadcrumb from Incidents, the tabs and the Details panel open', async () => {
    const { router } = renderIncident();
    const title = await screen.findByRole('heading', {
      level: 1,
      name: /^Incidents\s*INC0000042 Checkout is slow$/,
    });
    expect(within(title).getByRole('link', { name: 'Incidents' })).toHaveAttribute('href', '/incidents');
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Action Plan' })).toBeInTheDocument();
    expect(panelToggle('Details')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('region', { name: 'Incident details' })).toBeInTheDocument();
    expect(panelToggle('Definition of done')).toHaveAttribute('aria-expanded', 'false');
    expect(panelToggle('Changelog')).toHaveAttribute('aria-expanded', 'false');
    const query = page.sent.find((r) => r.path === 'api/db/incidents')!.query;
    expect(query.get('id')).toBe('eq.7a0c2d4e-1111-4222-8333-444455556666');
    expect(query.get('select')).toContain('hypotheses(*,evidences(*))');

    await screen.findByRole('tab', { name: 'Action Plan' });
    screen.getByRole('tab', { name: 'Action Plan' }).click();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=action-plan'));
  });

  it('shows a skeleton while the incident loads', async () => {
    renderIncident();
    expect(await screen.findByText('Loading incident')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Comments' })).toBeInTheDocument();
    expect(screen.queryByText('Loading incident')).not.toBeInTheDocument();
  });

  it("says 'Incident not found' for an unknown incident", async () => {
    page.api.reply('GET api/db/incidents', { status: 200, body: [] });
    renderIncident();
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Comments' })).not.toBeInTheDocument();
  });

  it("says 'Incident not found' for an id that cannot name one, without asking", async () => {
    renderInShell([{ path: 'incidents/:id', element: <IncidentPage /> }], '/incidents/INC0000042');
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
    expect(page.sent.some((r) => r.path === 'api/db/incidents')).toBe(false);
  });

  it('keeps one side panel open at a time', async () => {
    const { user } = renderIncident();
    await user.click(await screen.findByRole('button', { name: 'Changelog' }));
    expect(panelToggle('Changelog')).toHaveAttribute('aria-expanded', 'true');
    expect(panelToggle('Details')).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText(/changed the status: new -> open/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Incident details' })).not.toBeInTheDocument();

    await user.click(panelToggle('Definition of done'));
    expect(panelToggle('Definition of done')).toHaveAttribute('aria-expanded', 'true');
    expect(panelToggle('Changelog')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/changed the status: new -> open/)).not.toBeInTheDocument();

    await user.click(panelToggle('Definition of done'));
    expect(panelToggle('Definition of done')).toHaveAttribute('aria-expanded', 'false');
    expect(panelToggle('Details')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the changelog with who acted', async () => {
    const { user } = renderIncident();
    await user.click(await screen.findByRole('button', { name: 'Changelog' }));
    const list = await screen.findByRole('list', { name: 'Changelog' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('System added a responder: Platform');
    expect(rows[1]).toHaveTextContent('Jane Doe changed the status: new -> open');
    const query = page.sent.find((r) => r.path === 'api/db/incident_histories')!.query;
    expect(query.get('incident_id')).toBe('eq.7a0c2d4e-1111-4222-8333-444455556666');
    expect(query.get('select')).toContain('actor:created_by(id,name,avatar)');
    expect(HISTORY).toHaveLength(2);
  });

  it('shows a comment in the changelog with its mentions as names, not markup', async () => {
    const comment = {
      ...HISTORY[1]!,
      id: 'ih4',
      type: 'responder.commented' as const,
      description: 'ping @[Ada Lovelace](user:7a0c2d4e-aaaa-4bbb-8ccc-444455556666) please',
    };
    page.api.reply('GET api/db/incident_histories', { status: 200, body: [comment] });
    const { user } = renderIncident();
    await user.click(await screen.findByRole('button', { name: 'Changelog' }));
    const list = await screen.findByRole('list', { name: 'Changelog' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Jane Doe commented: ping @Ada Lovelace please',
    );
  });

  it("says 'No changelog found' without history", async () => {
    page.api.reply('GET api/db/incident_histories', { status: 200, body: [] });
    const { user } = renderIncident();
    await user.click(await screen.findByRole('button', { name: 'Changelog' }));
    expect(await screen.findByText('No changelog found')).toBeInTheDocument();
  });

  it('closes an open incident from the page toggle', async () => {
    page.api.reply('PATCH api/db/incidents', { status: 204 });
    const { user } = renderIncident();
    await user.click(await screen.findByRole('button', { name: 'Close incident' }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: 'api/db/incidents', body: { status: 'closed' } }),
    ]);
    expect(writes()[0]!.query.get('id')).toBe('eq.7a0c2d4e-1111-4222-8333-444455556666');
  });

  it('reopens a closed incident', async () => {
    incidentReplies(page.api, incident({ status: 'closed' }));
    page.api.reply('PATCH api/db/incidents', { status: 204 });
    const { user } = renderIncident();
    await user.click(await screen.findByRole('button', { name: 'Reopen incident' }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { status: 'open' } });
  });

  it('shows cards of the components its topology evidence is about', async () => {
    incidentReplies(
      page.api,
      incident({
        hypotheses: [
          {
            ...incident().hypotheses[0]!,
            evidences: [evidence({ id: 'e3', type: 'topology', component_id: 'c1' })],
          },
        ],
      }),
    );
    page.api.reply('GET api/db/components', {
      status: 200,
      body: [
        { id: 'c1', name: 'checkout-api', icon: null, type: 'Service', status: 'unhealthy', health: null },
      ],
    });
    renderIncident();
    const link = await screen.findByRole('link', { name: 'checkout-api' });
    expect(link).toHaveAttribute('href', '/topology/c1');
    expect(screen.getByText('Unhealthy')).toBeInTheDocument();
    expect(page.sent.find((r) => r.path === 'api/db/components')!.query.get('id')).toBe('in.(c1)');
  });

  it("says 'Unable to load components!' when they cannot be read", async () => {
    incidentReplies(
      page.api,
      incident({
        hypotheses: [
          {
            ...incident().hypotheses[0]!,
            evidences: [evidence({ id: 'e3', type: 'topology', component_id: 'c1' })],
          },
        ],
      }),
    );
    page.api.reply('GET api/db/components', { status: 500, body: { message: 'boom' } });
    renderIncident();
    expect(
      await screen.findByText('Unable to load components!', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('reads no components without topology evidence', async () => {
    renderIncident();
    await screen.findByRole('tab', { name: 'Comments' });
    expect(page.sent.some((r) => r.path === 'api/db/components')).toBe(false);
  });

  it('offers the postmortem download', async () => {
    renderIncident();
    const link = await screen.findByRole('link', { name: 'Download postmortem' });
    expect(link.getAttribute('href')).toMatch(
      /\/console\/api\/incidents\/7a0c2d4e-1111-4222-8333-444455556666\/postmortem$/,
    );
  });

  it('shows viewers no write controls', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    const { user } = renderIncident();
    const details = await screen.findByRole('region', { name: 'Incident details' });
    expect(within(details).getByText('Performance')).toBeInTheDocument();
    expect(within(details).getByText('Medium')).toBeInTheDocument();
    expect(within(details).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close incident' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download postmortem' })).toBeInTheDocument();
    await user.click(panelToggle('Definition of done'));
    expect(await screen.findByText('No definition of done yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add definition of done' })).not.toBeInTheDocument();
  });
});
