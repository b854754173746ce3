import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import type { Connection } from './connections-api.js';
import { ConnectionsPage } from './ConnectionsPage.js';

const connection = (id: string, fields: Partial<Connection> = {}): Connection => ({
  id,
  name: id,
  namespace: 'default',
  type: 'postgres',
  url: 'postgres://db:5432/app',
  username: 'app',
  insecure_tls: false,
  properties: {},
  source: 'UI',
  password_set: true,
  certificate_set: false,
  created_by: { id: 'u1', name: 'Jane Doe' },
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-02T00:00:00Z',
  ...fields,
});

const rows = [
  connection('prod-db'),
  connection('alerts', { type: 'slack', url: 'slack://$(password)@C0123', username: null }),
  connection('flux-db', { source: 'KubernetesCRD', namespace: 'ops' }),
];

const page = fakeApiPerTest((api) => api.reply('GET api/db/connections', { status: 200, body: rows }));
const writes = () => page.sent.filter((r) => r.method !== 'GET');

function renderConnections(path = '/settings/connections') {
  const user = userEvent.setup();
  const { router } = renderInShell([{ path: 'settings/connections', element: <ConnectionsPage /> }], path);
  return { user, router };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

/** The form of a new connection, once its type is picked. */
const addForm = async () =>
  (await screen.findByRole('button', { name: 'Save' })).closest<HTMLElement>('[role="dialog"]')!;

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Connection' }));
  return dialog('Add Connection');
}

describe('ConnectionsPage', () => {
  it('lists name, type, namespace, creator and update time', async () => {
    renderConnections();
    const table = await screen.findByRole('grid', { name: 'Connections' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Type', 'Namespace', 'Created By', 'Updated']);
    const prod = await rowOf('prod-db');
    expect(prod).toHaveTextContent('PostgreSQL');
    expect(prod).toHaveTextContent('Jane Doe');
    expect(await rowOf('alerts')).toHaveTextContent('Slack');
    const list = page.sent.find((r) => r.path === 'api/db/connections')!;
    expect(list.query.get('deleted_at')).toBe('is.null');
  });

  it("shows 'No data available' without connections", async () => {
    page.api.reply('GET api/db/connections', { status: 200, body: [] });
    renderConnections();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    page.api.reply('GET api/db/connections', { status: 500, body: { message: 'connections unavailable' } });
    renderConnections();
    expect(await screen.findByText('connections unavailable')).toBeInTheDocument();
  });

  describe('type picker', () => {
    it('offers the types sorted by name and narrows them by search', async () => {
      const { user } = renderConnections();
      const modal = await openAdd(user);
      const tiles = within(within(modal).getByRole('list', { name: 'Connection types' })).getAllByRole(
        'listitem',
      );
      const titles = tiles.map((tile) => tile.textContent!.trim());
      expect(titles.slice(0, 4)).toEqual(['AWS', 'AWS S3', 'Azure', 'Azure DevOps']);
      expect(titles).toEqual(
        [...titles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
      );
      expect(titles).not.toContain('JMeter');
      await user.type(within(modal).getByRole('textbox', { name: 'Search connection types' }), 'sql');
      expect(
        within(modal)
          .getAllByRole('listitem')
          .map((tile) => tile.textContent!.trim()),
      ).toEqual(['MySQL', 'PostgreSQL', 'SQL Server']);
    });

    it('goes back from the form to the types for a new connection', async () => {
      const { user } = renderConnections();
      const modal = await openAdd(user);
      await user.click(within(modal).getByRole('button', { name: 'SFTP' }));
      const form = await addForm();
      expect(within(form).getByLabelText('Port')).toHaveValue('22');
      await user.click(within(form).getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('list', { name: 'Connection types' })).toBeInTheDocument();
    });
  });

  describe('add', () => {
    it('says which fields are required and sends nothing', async () => {
      const { user } = renderConnections();
      await user.click(within(await openAdd(user)).getByRole('button', { name: 'AWS S3' }));
      const form = await addForm();
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(within(form).getAllByText('This field is required')).toHaveLength(2); // name, bucket
      expect(writes()).toEqual([]);
    });

    it('adds a PostgreSQL connection with its creator and says so', async () => {
      page.api.reply('POST api/db/connections', { status: 201 });
      const { user } = renderConnections();
      await user.click(within(await openAdd(user)).getByRole('button', { name: 'PostgreSQL' }));
      const form = await addForm();
      await user.type(within(form).getByLabelText(/^Name\b/), 'warehouse');
      await user.type(within(form).getByLabelText(/^URL/), 'postgres://wh:5432/dw');
      await user.type(within(form).getByLabelText(/^Username/), 'reader');
      await user.type(within(form).getByLabelText(/^Password/), 's3cret');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Connection added successfully')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: 'api/db/connections',
          body: {
            name: 'warehouse',
            namespace: 'default',
            type: 'postgres',
            url: 'postgres://wh:5432/dw',
            username: 'reader',
            password: 's3cret',
            insecure_tls: false,
            properties: {},
            source: 'UI',
            created_by: 'u1',
          },
        }),
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("keeps the form and shows the server's message when adding fails", async () => {
      page.api.reply('POST api/db/connections', {
        status: 409,
        body: { code: '23505', message: 'a connection named warehouse already exists' },
      });
      const { user } = renderConnections();
      await user.click(within(await openAdd(user)).getByRole('button', { name: 'Redis' }));
      const form = await addForm();
      expect(within(form).getByLabelText(/^Database/)).toHaveValue('0');
      await user.type(within(form).getByLabelText(/^Name\b/), 'warehouse');
      await user.type(within(form).getByLabelText(/^URL/), 'redis://cache:6379');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('a connection named warehouse already exists')).toBeInTheDocument();
      expect(within(form).getByLabelText(/^Name\b/)).toHaveValue('warehouse');
      expect(writes()[0]!.body).toMatchObject({ properties: { db: '0' } });
    });
  });

  describe('edit', () => {
    it('opens from the row with the id in the URL, says a password is set and keeps it when left empty', async () => {
      page.api.reply('PATCH api/db/connections', { status: 204 });
      const { user, router } = renderConnections();
      await user.click(await screen.findByText('prod-db'));
      const form = await dialog('prod-db');
      expect(router.state.location.search).toBe('?id=prod-db');
      expect(within(form).getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
      expect(within(form).getByRole('tab', { name: 'Permissions' })).toBeInTheDocument();
      expect(within(form).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
      const password = within(form).getByLabelText(/^Password/);
      expect(password).toHaveValue('');
      expect(password).toHaveAttribute('placeholder', 'A value is set');
      expect(within(form).getByLabelText(/^Name\b/)).toHaveAttribute('readonly');
      await user.clear(within(form).getByLabelText(/^Username/));
      await user.type(within(form).getByLabelText(/^Username/), 'owner');
      await user.click(within(form).getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('Connection updated successfully')).toBeInTheDocument();
      const [update] = writes();
      expect(update).toMatchObject({ method: 'PATCH', path: 'api/db/connections' });
      expect(update!.query.get('id')).toBe('eq.prod-db');
      expect(update!.body).toMatchObject({ username: 'owner', url: 'postgres://db:5432/app' });
      expect(update!.body).not.toHaveProperty('password');
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it("lists the connection's own permissions in its Permissions tab", async () => {
      page.api.reply('GET api/db/permissions', {
        status: 200,
        body: [
          {
            id: 'grant-1',
            action: 'read',
            deny: false,
            connection_id: 'prod-db',
            person_id: 'p1',
            person: { id: 'p1', name: 'Pat Viewer' },
            source: 'UI',
            created_at: '2024-01-01T00:00:00Z',
          },
        ],
        headers: { 'Content-Range': '0-0/1' },
      });
      const { user } = renderConnections('/settings/connections?id=prod-db');
      const form = await dialog('prod-db');
      await user.click(within(form).getByRole('tab', { name: 'Permissions' }));
      expect(await within(form).findByText('Pat Viewer')).toBeInTheDocument();
      const asked = page.sent.find((r) => r.method === 'GET' && r.path === 'api/db/permissions')!;
      expect(asked.query.get('connection_id')).toBe('eq.prod-db');
    });

    it('opens a linked connection and reads a notification URL back into its fields', async () => {
      renderConnections('/settings/connections?id=alerts');
      const form = await dialog('alerts');
      expect(within(form).getByLabelText(/^Channel/)).toHaveValue('C0123');
      expect(within(form).getByLabelText(/^Bot Token/)).toHaveAttribute('placeholder', 'A value is set');
    });

    it('shows a connection from GitOps read-only, with the reason', async () => {
      const { user } = renderConnections();
      await user.click(await screen.findByText('flux-db'));
      const form = await dialog('flux-db');
      expect(within(form).getByText(/managed by KubernetesCRD/)).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'Update' })).toBeDisabled();
      expect(within(form).getByLabelText(/^URL/)).toBeDisabled();
      expect(within(form).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });

    it('confirms, deletes and says so', async () => {
      page.api.reply('PATCH api/db/connections', { status: 204 });
      const { user } = renderConnections('/settings/connections?id=prod-db');
      await user.click(within(await dialog('prod-db')).getByRole('button', { name: 'Delete' }));
      const confirm = await dialog('Delete Connection');
      expect(writes()).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Connection deleted successfully')).toBeInTheDocument();
      const [removal] = writes();
      expect(removal).toMatchObject({ method: 'PATCH', path: 'api/db/connections' });
      expect(removal!.query.get('id')).toBe('eq.prod-db');
      expect(removal!.body).toEqual({ deleted_at: expect.any(String) });
    });
  });

  describe('notification connections build their provider URL', () => {
    const cases: {
      type: string;
      fill: [RegExp, string][];
      insecureTls?: boolean;
      sent: Record<string, unknown>;
    }[] = [
      {
        type: 'IFTTT',
        fill: [
          [/^Webhook ID/, 'k3y'],
          [/^Events/, 'disk_alert,page'],
        ],
        sent: { url: 'ifttt://$(password)/?events=disk_alert%2Cpage', password: 'k3y' },
      },
      {
        type: 'Matrix',
        fill: [
          [/^Host/, 'matrix.example.com'],
          [/^User/, 'ops'],
          [/^Password/, 'pw'],
          [/^Rooms/, '!abc:example.com'],
        ],
        insecureTls: true,
        sent: {
          url: 'matrix://$(username):$(password)@matrix.example.com/?rooms=%21abc%3Aexample.com',
          username: 'ops',
          password: 'pw',
          insecure_tls: true,
        },
      },
      {
        type: 'Mattermost',
        fill: [
          [/^Host/, 'chat.example.com'],
          [/^Token/, 'hook-token'],
        ],
        insecureTls: true,
        sent: {
          url: 'mattermost://chat.example.com/$(password)',
          password: 'hook-token',
          insecure_tls: true,
        },
      },
      {
        type: 'Pushbullet',
        fill: [
          [/^Token/, 'o.t0k'],
          [/^Targets/, 'phone, #ops'],
        ],
        sent: { url: 'pushbullet://$(password)/phone/%23ops', password: 'o.t0k' },
      },
      {
        type: 'Rocket.Chat',
        fill: [
          [/^Host/, 'rocket.example.com'],
          [/^Token A/, 'ta'],
          [/^Token B/, 'tb'],
          [/^Channel/, '#alerts'],
        ],
        insecureTls: true,
        sent: {
          url: 'rocketchat://rocket.example.com/$(username)/$(password)/%23alerts',
          username: 'ta',
          password: 'tb',
          insecure_tls: true,
        },
      },
      {
        type: 'Zulip Chat',
        fill: [
          [/^Host/, 'ops.zulipchat.com'],
          [/^Bot Email/, 'bot@ops.zulipchat.com'],
          [/^Bot Key/, 'k'],
          [/^Stream/, 'alerts'],
        ],
        sent: {
          url: 'zulip://$(username):$(password)@ops.zulipchat.com/?stream=alerts',
          username: 'bot@ops.zulipchat.com',
          password: 'k',
          insecure_tls: false,
        },
      },
    ];

    it.each(cases)('$type', async ({ type, fill, insecureTls, sent }) => {
      page.api.reply('POST api/db/connections', { status: 201 });
      const { user } = renderConnections();
      await user.click(within(await openAdd(user)).getByRole('button', { name: type }));
      const form = await addForm();
      await user.type(within(form).getByLabelText(/^Name\b/), 'notify');
      for (const [label, value] of fill) await user.type(within(form).getByLabelText(label), value);
      if (insecureTls) await user.click(within(form).getByLabelText('Insecure TLS'));
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Connection added successfully')).toBeInTheDocument();
      expect(writes()[0]!.body).toMatchObject(sent);
    });

    it('a Zulip connection needs a stream to send to', async () => {
      const { user } = renderConnections();
      await user.click(within(await openAdd(user)).getByRole('button', { name: 'Zulip Chat' }));
      const form = await addForm();
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      const stream = within(form).getByLabelText(/^Stream/);
      expect(stream).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
      expect(writes()).toEqual([]);
    });

    it('shows the fields of a stored Rocket.Chat URL again, its tokens only as set', async () => {
      page.api.reply('GET api/db/connections', {
        status: 200,
        body: [
          connection('rocket', {
            type: 'rocketchat',
            url: 'rocketchat://ops@rocket.example.com:3000/$(username)/$(password)/%23alerts',
            username: 'ta',
            insecure_tls: true,
          }),
        ],
      });
      renderConnections('/settings/connections?id=rocket');
      const form = await dialog('rocket');
      expect(within(form).getByLabelText(/^Host/)).toHaveValue('rocket.example.com');
      expect(within(form).getByLabelText(/^Port/)).toHaveValue('3000');
      expect(within(form).getByLabelText(/^Username/)).toHaveValue('ops');
      expect(within(form).getByLabelText(/^Channel/)).toHaveValue('#alerts');
      expect(within(form).getByLabelText(/^Token B/)).toHaveAttribute('placeholder', 'A value is set');
      expect(within(form).getByLabelText('Insecure TLS')).toBeChecked();
    });
  });

  describe('permissions', () => {
    it('offers no add, save or delete without write on connections', async () => {
      page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('editor') });
      const { user } = renderConnections();
      await user.click(await screen.findByText('prod-db'));
      const form = await dialog('prod-db');
      expect(screen.queryByRole('button', { name: 'Add Connection' })).not.toBeInTheDocument();
      expect(within(form).getByText(/You may not change connections/)).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'Update' })).toBeDisabled();
      expect(within(form).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });
  });

  describe('Test Connection', () => {
    async function test(reply: { status: number; body?: unknown }) {
      page.api.reply('POST api/connection/test/prod-db', reply);
      const { user } = renderConnections('/settings/connections?id=prod-db');
      await user.click(within(await dialog('prod-db')).getByRole('button', { name: 'Test Connection' }));
    }

    it("says 'Connection successful'", async () => {
      await test({ status: 200, body: { message: 'ok' } });
      expect(await screen.findByText('Connection successful')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({ method: 'POST', path: 'api/connection/test/prod-db' }),
      ]);
    });

    it("shows the server's error for a bad request, as pretty JSON when it is JSON", async () => {
      await test({ status: 400, body: { error: 'password authentication failed for user "app"' } });
      expect(await screen.findByText('password authentication failed for user "app"')).toBeInTheDocument();
    });

    it('pretty-prints a JSON error', async () => {
      await test({ status: 400, body: { error: '{"code":"28P01","reason":"bad password"}' } });
      const shown = await screen.findByText(/"reason": "bad password"/);
      expect(shown.textContent).toContain('{\n  "code": "28P01",\n  "reason": "bad password"\n}');
    });

    it('says the type cannot be tested yet on 501', async () => {
      await test({ status: 501, body: { error: 'not implemented' } });
      expect(
        await screen.findByText('We currently do not support testing this connection type'),
      ).toBeInTheDocument();
    });

    it("says 'Testing connection failed!' otherwise", async () => {
      await test({ status: 500, body: { error: 'boom' } });
      expect(await screen.findByText('Testing connection failed!')).toBeInTheDocument();
      expect(screen.queryByText('boom')).not.toBeInTheDocument();
    });
  });
});
