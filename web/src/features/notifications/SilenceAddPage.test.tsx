import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { SilenceAddPage } from './SilenceAddPage.js';
import { historyRow, silenceRow } from './test-support.js';

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/configs', {
    status: 200,
    body: [{ id: 'cfg1', name: 'orders-db', type: 'AWS::RDS::DBInstance' }],
  });
  api.reply('GET api/db/components', {
    status: 200,
    body: [{ id: 'cmp1', name: 'payments-api', type: 'service' }],
  });
  api.reply('GET api/db/checks', { status: 200, body: [{ id: 'c1', name: 'api-health', type: 'http' }] });
  api.reply('POST api/notification/silence/preview', {
    status: 200,
    body: {
      matches: [
        historyRow({
          id: 'h9',
          source_event: 'component.unhealthy',
          resource_type: 'component',
          resource: { id: 'cmp1', name: 'payments-api' },
        }),
      ],
      total: 1,
    },
  });
  api.reply('POST api/notification/silence', { status: 201, body: silenceRow() });
});

function renderForm() {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'notifications/silences/add', element: <SilenceAddPage /> },
      { path: 'notifications/silences', element: <p>silences list</p> },
    ],
    '/notifications/silences/add',
  );
  return { ...result, user };
}

const posts = (path: string) => page.sent.filter((r) => r.method === 'POST' && r.path === path);

describe('SilenceAddPage', () => {
  it('silences a component: another kind first clears the resource chosen, the preview shows what it would silence, saving returns to the list', async () => {
    const { user, router } = renderForm();
    const form = await screen.findByRole('form', { name: 'Silence Notification' });
    const resource = () => within(form).getByRole('combobox', { name: 'Resource' });

    // A resource is required.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(posts('api/notification/silence')).toHaveLength(0);

    await user.click(resource());
    await user.click(await screen.findByRole('option', { name: /orders-db/ }));
    expect(resource()).toHaveValue('orders-db');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Resource Type' }), 'Component');
    expect(resource()).toHaveValue('');

    await user.type(resource(), 'pay');
    await user.click(await screen.findByRole('option', { name: /payments-api/ }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Duration' }), 'For 4 hours');
    await user.click(within(form).getByRole('switch', { name: 'Recursive' }));
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Release window');

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByText('1 notification of the last 24 hours would have been silenced'),
    ).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'payments-api' })).toBeInTheDocument();
    expect(posts('api/notification/silence/preview').at(-1)!.body).toMatchObject({
      component_id: 'cmp1',
      config_id: null,
    });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/silences'));
    const body = posts('api/notification/silence')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      canary_id: null,
      check_id: null,
      component_id: 'cmp1',
      config_id: null,
      recursive: true,
      description: 'Release window',
    });
    expect(Date.parse(body.until as string) - Date.parse(body.from as string)).toBe(4 * 3_600_000);
  });

  it("shows the server's refusal and stays on the form", async () => {
    page.api.reply('POST api/notification/silence', {
      status: 422,
      body: { message: 'until must be after from' },
    });
    const { user, router } = renderForm();
    const form = await screen.findByRole('form', { name: 'Silence Notification' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Resource Type' }), 'Check');
    await user.click(within(form).getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: /api-health/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('until must be after from')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/silences/add');
  });
});
