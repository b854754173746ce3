import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderPage, whoamiAs } from '../../../shell/test-support.js';
import { incidentRow, responderRow } from '../test-support.js';
import type { Incident } from '../types.js';
import { RespondersSection } from './RespondersSection.js';

const incident: Incident = incidentRow({ title: 'Checkout is down' });

const jiraClient = {
  values: { project: 'OPS', issueType: 'Incident' },
  defaults: { priority: 'High', summary: '[{{.incident.severity}}] {{.incident.title}}' },
  linkUrl: 'https://acme.atlassian.net/browse/{{.external_id}}',
};
const platform = {
  id: 't1',
  name: 'Platform',
  icon: null,
  spec: {
    responder_clients: {
      jira: jiraClient,
      email: { defaults: { to: 'oncall@acme.example' } },
      ms_planner: { defaults: { plan_id: 'plan-ops', bucket_id: 'triage' } },
    },
  },
};
const nobody = { id: 't2', name: 'Nobody', icon: null, spec: {} };
const everything = {
  id: 't3',
  name: 'Everything',
  icon: null,
  spec: {
    responder_clients: Object.fromEntries(
      ['email', 'jira', 'service_now', 'ca', 'aws_support', 'redhat', 'oracle'].map((t) => [t, {}]),
    ),
  },
};
const ada = { id: 'p1', name: 'Ada Lovelace', avatar: null };

const jiraResponder = responderRow({
  id: 'r1',
  team_id: 't1',
  team: platform,
  external_id: 'OPS-7',
  properties: { responderType: 'jira' },
  delivery_status: 'sent',
  acknowledge_time: '2026-01-01T10:02:05Z',
});
const personResponder = responderRow({
  id: 'r2',
  type: 'person',
  person_id: 'p1',
  person: ada,
  properties: { responderType: 'person', person: 'p1' },
});

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/responders', { status: 200, body: [jiraResponder, personResponder] });
  api.reply('GET api/db/teams', { status: 200, body: [everything, nobody, platform] });
  api.reply('GET api/db/people', { status: 200, body: [ada] });
  api.reply('POST api/db/responders', { status: 201, body: [responderRow({ id: 'new' })] });
  api.reply('PATCH api/db/responders', { status: 204 });
});

const posted = () => page.sent.filter((r) => r.method === 'POST' && r.path === 'api/db/responders');

function renderSection() {
  const user = userEvent.setup();
  renderPage(<RespondersSection incident={incident} />, '/incidents/i1');
  return user;
}

async function openWizard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Responder' }));
  return screen.findByRole('dialog', { name: 'Add Responder' });
}

describe('RespondersSection', () => {
  it("lists the incident's responders with the call of spec 2 §7", async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Responders' });
    expect(within(list).getByText('Platform')).toBeInTheDocument();
    expect(within(list).getByText('· Jira')).toBeInTheDocument();
    expect(within(list).getByText('Ada Lovelace')).toBeInTheDocument();
    const query = page.sent.find((r) => r.path === 'api/db/responders')!.query;
    expect(query.get('incident_id')).toBe('eq.i1');
    expect(query.get('select')).toBe('*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)');
    expect(query.get('deleted_at')).toBe('is.null');
  });

  it("shows a team responder whose delivery failed, with the system's error", async () => {
    page.api.reply('GET api/db/responders', {
      status: 200,
      body: [
        {
          ...jiraResponder,
          external_id: null,
          delivery_status: 'failed',
          delivery_error: 'Jira answered 401',
        },
      ],
    });
    renderSection();
    expect(await screen.findByText('Delivery failed')).toBeInTheDocument();
    expect(screen.getByText('Jira answered 401')).toBeInTheDocument();
  });

  it('opens a hover card a second after the pointer rests on a responder, with the link to its ticket', async () => {
    const user = renderSection();
    await user.hover(await screen.findByLabelText('Platform'));
    expect(screen.queryByText('Jira (team)')).not.toBeInTheDocument();
    expect(await screen.findByText('Jira (team)', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OPS-7' })).toHaveAttribute(
      'href',
      'https://acme.atlassian.net/browse/OPS-7',
    );
    expect(screen.getByText('Delivered')).toBeInTheDocument();
  });

  it('closes the hover card a second after the pointer leaves, and opens it for the keyboard too', async () => {
    const user = renderSection();
    const avatar = await screen.findByLabelText('Ada Lovelace');
    await user.hover(avatar);
    expect(await screen.findByText('Person', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.unhover(avatar);
    expect(screen.getByText('Person')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Person')).not.toBeInTheDocument(), { timeout: 3000 });
    avatar.focus();
    expect(await screen.findByText('Person', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("shows a responder's progress and the time taken to acknowledge", async () => {
    const user = renderSection();
    const list = await screen.findByRole('list', { name: 'Responders' });
    await user.click(within(list).getAllByRole('button', { name: 'Progress' })[0]!);
    const region = within(list).getAllByRole('region')[0]!;
    const stepper = within(region).getByRole('list', { name: 'Responder progress' });
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      expect.stringContaining('Created'),
      expect.stringContaining('Acknowledged'),
      expect.stringContaining('Resolved'),
      expect.stringContaining('Closed'),
    ]);
    expect(within(region).getByText(/Time taken to acknowledge/)).toHaveTextContent(
      'Time taken to acknowledge: 2m 5s',
    );
  });

  it('adds a person with Add, disabled until a person is chosen', async () => {
    const user = renderSection();
    const dialog = await openWizard(user);
    expect(within(dialog).getByText('Select Responder')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Person' }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Person' }), 'Ada Lovelace');
    await user.click(add);
    expect(await screen.findByText('Responder added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toHaveLength(1);
    expect(posted()[0]!.query.get('select')).toBe('*');
    expect(posted()[0]!.body).toEqual({
      incident_id: 'i1',
      created_by: 'u1',
      type: 'person',
      team_id: null,
      person_id: 'p1',
      properties: { responderType: 'person', person: 'p1' },
    });
  });

  it("adds a team's Jira responder: fixed values locked, defaults and placeholders filled, every field required", async () => {
    const user = renderSection();
    const dialog = await openWizard(user);
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'Platform');
    await user.click(next);
    expect(within(dialog).getByText('Select Responder Type')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const types = within(dialog).getByRole('list', { name: 'Responder types' });
    expect(
      within(types)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Email', 'Jira', 'Microsoft Planner', 'None']);
    expect(types).not.toHaveClass('ops-responder-types--scroll');
    await user.click(within(types).getByRole('button', { name: 'Jira' }));

    expect(within(dialog).getByRole('textbox', { name: 'Project' })).toHaveValue('OPS');
    expect(within(dialog).getByRole('textbox', { name: 'Project' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Issue Type' })).toHaveValue('Incident');
    expect(within(dialog).getByRole('textbox', { name: 'Summary' })).toHaveValue('[high] Checkout is down');
    expect(within(dialog).getByRole('textbox', { name: 'Priority' })).toHaveValue('High');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please provide valid value')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posted()).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Description' }),
      // user-event reads `{{` as one literal brace.
      'See {{{{.incident.incident_id}}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Responder added successfully')).toBeInTheDocument();
    expect(posted()[0]!.body).toEqual({
      incident_id: 'i1',
      created_by: 'u1',
      type: 'jira',
      team_id: 't1',
      person_id: null,
      properties: {
        responderType: 'jira',
        project: 'OPS',
        issueType: 'Incident',
        summary: '[high] Checkout is down',
        description: 'See INC0000042',
        priority: 'High',
      },
    });
  });

  it("adds a team with the type 'None' at once: no details form, no target", async () => {
    const user = renderSection();
    const dialog = await openWizard(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'Platform');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const none = within(dialog).getByRole('button', { name: 'None' });
    await user.click(none);
    expect(none).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('Select Responder Type')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Responder added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toHaveLength(1);
    expect(posted()[0]!.body).toEqual({
      incident_id: 'i1',
      created_by: 'u1',
      type: 'team',
      team_id: 't1',
      person_id: null,
      properties: {},
    });
  });

  it('shows a team added with None as the team, with no responder type and no ticket link', async () => {
    page.api.reply('GET api/db/responders', {
      status: 200,
      body: [responderRow({ id: 'r3', type: 'team', team_id: 't1', team: platform, properties: {} })],
    });
    const user = renderSection();
    const list = await screen.findByRole('list', { name: 'Responders' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Platform')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('·');
    await user.hover(within(item).getByLabelText('Platform'));
    const card = await screen.findByText('Team', {}, { timeout: 3000 });
    expect(card.parentElement).not.toHaveTextContent(/External ID|Delivered|Sending/);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('resets the bucket when the Planner plan changes', async () => {
    const user = renderSection();
    const dialog = await openWizard(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'Platform');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Microsoft Planner' }));
    expect(within(dialog).getByRole('textbox', { name: 'Bucket' })).toHaveValue('triage');
    await user.type(within(dialog).getByRole('textbox', { name: 'Plan' }), '-2');
    expect(within(dialog).getByRole('textbox', { name: 'Bucket' })).toHaveValue('');
  });

  it('says when a team has no responders configured, still offers None, and Back returns one step', async () => {
    const user = renderSection();
    const dialog = await openWizard(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'Nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('There were no responders configured for this team')).toBeInTheDocument();
    const types = within(dialog).getByRole('list', { name: 'Responder types' });
    expect(
      within(types)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['None']);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByText('Select Responder')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Team' })).toHaveValue('t2');
  });

  it('scrolls the responder type list when it has more than 6 entries', async () => {
    const user = renderSection();
    const dialog = await openWizard(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'Everything');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const types = within(dialog).getByRole('list', { name: 'Responder types' });
    expect(within(types).getAllByRole('button')).toHaveLength(8);
    expect(types).toHaveClass('ops-responder-types--scroll');
  });

  it('shows the error of a failed add and starts the wizard over', async () => {
    page.api.reply('POST api/db/responders', {
      status: 422,
      body: { code: 'PGRST422', message: 'The team Platform has no responder configuration for Jira' },
    });
    const user = renderSection();
    const dialog = await openWizard(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'Platform');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Help');
    await user.type(within(dialog).getByRole('textbox', { name: 'Body' }), 'Checkout is down');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The team Platform has no responder configuration for Jira'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Select Responder')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Team' })).toHaveValue('');
  });

  it('soft-deletes a responder after the confirmation', async () => {
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete responder Ada Lovelace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Responder ?' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the responder ?');
    page.api.reply('GET api/db/responders', { status: 200, body: [jiraResponder] });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Responder deleted successfully')).toBeInTheDocument();
    const patch = page.sent.find((r) => r.method === 'PATCH')!;
    expect(patch.query.get('id')).toBe('eq.r2');
    expect(Date.parse((patch.body as { deleted_at: string }).deleted_at)).not.toBeNaN();
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument());
  });

  it('offers neither Add nor Delete to a viewer', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderSection();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Responder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete responder/ })).not.toBeInTheDocument();
  });
});
