import { screen, waitFor, within } from '@testing-library/react';
import type { IncidentStatus } from '../../../../../common/incidents.js';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { incident, incidentReplies, renderIncident } from '../detail-test-support.js';

const page = fakeApiPerTest((api) => {
  incidentReplies(api);
  api.reply('PATCH api/db/incidents', { status: 204 });
  api.reply('PATCH api/db/evidences', { status: 204 });
});
const writes = () => page.sent.filter((r) => r.method !== 'GET');
const DIALOG = 'Add contributing factors to definition of done';

async function statusSelect() {
  const details = await screen.findByRole('region', { name: 'Incident details' });
  return within(details).getByRole('combobox', { name: 'Status' });
}

describe('the status dropdown', () => {
  it.each<[IncidentStatus, string[]]>([
    ['new', ['New', 'Open', 'Investigating', 'Mitigated', 'Resolved', 'Closed']],
    ['open', ['Open', 'Investigating', 'Mitigated', 'Resolved', 'Closed']],
    ['investigating', ['Investigating', 'Mitigated', 'Resolved', 'Closed']],
    ['mitigated', ['Mitigated', 'Resolved', 'Closed', 'Open']],
    ['resolved', ['Resolved', 'Closed', 'Open']],
    ['closed', ['Closed', 'Open']],
  ])('offers from %s only the allowed moves', async (status, offered) => {
    incidentReplies(page.api, incident({ status }));
    renderIncident();
    const select = await statusSelect();
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(offered);
    expect(select).toHaveValue(status);
  });

  it('sets a status that needs no contributing factors at once', async () => {
    const { user } = renderIncident();
    await user.selectOptions(await statusSelect(), 'investigating');
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument();
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: 'api/db/incidents',
        body: { status: 'investigating' },
      }),
    ]);
  });

  it('asks for contributing factors before Mitigated and refuses Submit without one', async () => {
    const { user } = renderIncident();
    await user.selectOptions(await statusSelect(), 'mitigated');
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    expect(within(dialog).getByRole('checkbox', { name: 'Error rate spike' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'HTTP check failing' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please select atleast one evidence')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('marks the chosen evidences as definition of done, then sets the status', async () => {
    const { user } = renderIncident();
    await user.selectOptions(await statusSelect(), 'resolved');
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('checkbox', { name: 'HTTP check failing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());
    const [marking, status] = writes();
    expect(marking).toMatchObject({
      method: 'PATCH',
      path: 'api/db/evidences',
      body: { definition_of_done: true },
    });
    expect(marking!.query.get('id')).toBe('in.(e2)');
    expect(status).toMatchObject({ method: 'PATCH', path: 'api/db/incidents', body: { status: 'resolved' } });
    expect(writes()).toHaveLength(2);
  });

  it('Skip sets the status without marking any evidence', async () => {
    const { user } = renderIncident();
    await user.selectOptions(await statusSelect(), 'mitigated');
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Error rate spike' }));
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: 'api/db/incidents', body: { status: 'mitigated' } }),
    ]);
  });

  it('Cancel changes nothing', async () => {
    const { user } = renderIncident();
    const select = await statusSelect();
    await user.selectOptions(select, 'mitigated');
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument());
    expect(select).toHaveValue('open');
    expect(writes()).toEqual([]);
  });

  it('says the incident has no evidences when it has none', async () => {
    incidentReplies(page.api, incident({ hypotheses: [{ ...incident().hypotheses[0]!, evidences: [] }] }));
    const { user } = renderIncident();
    await user.selectOptions(await statusSelect(), 'resolved');
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    expect(within(dialog).getByText('There are no evidences provided for this incident')).toBeInTheDocument();
  });

  it("shows the failure and the server's reason, and keeps the dialog", async () => {
    page.api.reply('PATCH api/db/incidents', {
      status: 422,
      body: { code: 'PGRST422', message: 'An incident cannot move from open to new' },
    });
    const { user } = renderIncident();
    await user.selectOptions(await statusSelect(), 'mitigated');
    const dialog = await screen.findByRole('dialog', { name: DIALOG });
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Incident status updated failed')).toBeInTheDocument();
    expect(screen.getByText('An incident cannot move from open to new')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: DIALOG })).toBeInTheDocument();
  });
});
