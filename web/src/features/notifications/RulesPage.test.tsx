import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { RulesPage } from './RulesPage.js';
import { CONNECTIONS, PEOPLE, ruleRow, ruleSummaryRow, TEAMS } from './test-support.js';

const rules = [
  ruleSummaryRow(),
  ruleSummaryRow({
    id: 'n2',
    title: 'Security pager',
    events: ['config.unhealthy'],
    person_id: null,
    custom_services: [{ connection: 'connection://default/acme-webhook' }],
    failed: 3,
    most_common_error: 'connection refused',
    error: "invalid filter: undeclared reference to 'confg'",
    source: 'KubernetesCRD',
  }),
];

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/notifications_summary', {
    status: 200,
    body: rules,
    headers: { 'Content-Range': '0-1/2' },
  });
  api.reply('GET api/db/people', { status: 200, body: PEOPLE });
  api.reply('GET api/db/teams', { status: 200, body: TEAMS });
  api.reply('GET api/db/connections', { status: 200, body: CONNECTIONS });
  api.reply('GET api/db/notifications', { status: 200, body: ruleRow() });
});

function renderRules(path = '/notifications/rules', role: Parameters<typeof whoamiAs>[0] = 'editor') {
  page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs(role) });
  const user = userEvent.setup();
  const result = renderInShell([{ path: 'notifications/rules', element: <RulesPage /> }], path);
  const search = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, search };
}

const writes = (method: string) =>
  page.sent.filter((r) => r.method === method && r.path === 'api/db/notifications');

describe('RulesPage', () => {
  it('lists the rules with their counts, the error of a rule in a tooltip and its most common error in a popup', async () => {
    const { user } = renderRules();
    const table = await screen.findByRole('grid', { name: 'Notification rules' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Events',
      'Title',
      'Filter',
      'Pending',
      'Failed',
      'Sent',
      'Avg Duration',
      'Repeat Interval',
      'Created At',
      'Updated At',
      'Created By',
    ]);
    const row = (await within(table).findByText('Failing checks')).closest('tr')!;
    expect(row).toHaveTextContent('check.failed');
    expect(row).toHaveTextContent('250ms');
    expect(row).toHaveTextContent('1h');
    expect(row).toHaveTextContent('Jane Doe');

    await user.hover(within(table).getByRole('button', { name: /^Error: invalid filter/ }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "invalid filter: undeclared reference to 'confg'",
    );
    await user.click(within(table).getByRole('button', { name: '3 failed: show the most common error' }));
    expect(await screen.findByRole('dialog', { name: /Most common error/ })).toHaveTextContent(
      'connection refused',
    );
  });

  it('adds a rule for a connection: the recipient tabs clear each other, and the rule is the console’s, by its author', async () => {
    page.api.reply('POST api/db/notifications', { status: 201, body: ruleRow({ id: 'n3' }) });
    const { user } = renderRules();
    await user.click(await screen.findByRole('button', { name: 'Add Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notification Rule' });

    // Events are required, and so is someone to send to.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(writes('POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Webhook on failures');
    await user.click(within(dialog).getByRole('combobox', { name: 'Events' }));
    await user.click(await screen.findByRole('option', { name: 'check.failed' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Events' }), 'config.unh');
    await user.click(await screen.findByRole('option', { name: 'config.unhealthy' }));
    expect(within(dialog).getByRole('list', { name: 'Selected events' })).toHaveTextContent(
      'check.failedconfig.unhealthy',
    );

    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Person' }), 'Person 2');
    await user.click(within(dialog).getByRole('tab', { name: 'Team' }));
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Team' }), 'SRE');
    // Back on Person: the person chosen before is gone.
    await user.click(within(dialog).getByRole('tab', { name: 'Person' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Person' })).toHaveValue('');
    await user.click(within(dialog).getByRole('tab', { name: 'Others' }));
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Connection' }),
      'acme-webhook (generic_webhook)',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Repeat Interval' }), '6h');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(writes('POST')[0]!.body).toEqual({
      title: 'Webhook on failures',
      events: ['check.failed', 'config.unhealthy'],
      filter: null,
      person_id: null,
      team_id: null,
      custom_services: [{ connection: 'connection://default/acme-webhook' }],
      repeat_interval: '6h',
      template: null,
      source: 'UI',
      created_by: 'u1',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Notification Rule' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal of a filter on the field, keeping what was typed', async () => {
    page.api.reply('PATCH api/db/notifications', {
      status: 422,
      body: {
        code: 'PGRST422',
        message: "invalid filter: undeclared reference to 'chek' at 1:1",
        details: null,
        hint: null,
      },
    });
    const { user } = renderRules('/notifications/rules?id=n1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification Rule' });
    const filter = within(dialog).getByRole('textbox', { name: 'Filter' });
    await user.type(filter, "chek.status == 'failed'");
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("invalid filter: undeclared reference to 'chek' at 1:1"),
    ).toBeInTheDocument();
    expect(filter).toHaveValue("chek.status == 'failed'");
    expect(filter).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Edit Notification Rule' })).toBeInTheDocument();
  });

  it("saves an edit with 'Notification updated successfully', and sends a test to the recipients", async () => {
    page.api.reply('PATCH api/db/notifications', { status: 200, body: ruleRow() });
    page.api.reply('POST api/notification/test', {
      status: 200,
      body: { status: 'sent', duration_millis: 80, recipients: ['person1@example.com'] },
    });
    const { user, search } = renderRules();
    await user.click(await screen.findByText('Failing checks'));
    await waitFor(() => expect(search().get('id')).toBe('n1'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification Rule' });
    expect(within(dialog).getByRole('combobox', { name: 'Person' })).toHaveValue('p1');

    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(
      await within(dialog).findByText('Test notification sent to person1@example.com'),
    ).toBeInTheDocument();
    expect(page.sent.find((r) => r.path === 'api/notification/test')!.body).toEqual({ id: 'n1' });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
    expect(writes('PATCH')[0]!.query.get('id')).toBe('eq.n1');
    await waitFor(() => expect(search().has('id')).toBe(false));
  });

  it('shows a failed test with its error', async () => {
    page.api.reply('POST api/notification/test', {
      status: 200,
      body: { status: 'error', error: 'smtp: connection refused', duration_millis: 3, recipients: [] },
    });
    const { user } = renderRules('/notifications/rules?id=n1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification Rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(await within(dialog).findByText('smtp: connection refused')).toBeInTheDocument();
    expect(within(dialog).getByText('Test notification failed')).toBeInTheDocument();
  });

  it('shows a GitOps rule read-only, without a submit', async () => {
    page.api.reply('GET api/db/notifications', { status: 200, body: ruleRow({ source: 'KubernetesCRD' }) });
    renderRules('/notifications/rules?id=n1');
    const dialog = await screen.findByRole('dialog', { name: 'Notification Rule' });
    expect(within(dialog).getByText(/managed by KubernetesCRD and is read-only here/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toBeDisabled();
  });

  it('hides the add button and the submit from those who may not write notifications', async () => {
    const { user } = renderRules('/notifications/rules', 'viewer');
    await user.click(await screen.findByText('Failing checks'));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Rule' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Rule' })).not.toBeInTheDocument();
  });
});
