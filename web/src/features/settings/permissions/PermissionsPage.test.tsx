import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import type { Permission } from './permissions-api.js';
import { PermissionsPage } from './PermissionsPage.js';
import { PermissionsPanel } from './PermissionsPanel.js';

const PLAYBOOK = '11111111-1111-4111-8111-111111111111';
const CONFIG = '22222222-2222-4222-8222-222222222222';
const PERSON = '33333333-3333-4333-8333-333333333333';
const TEAM = '44444444-4444-4444-8444-444444444444';

const permission = (fields: Partial<Permission> = {}): Permission => ({
  id: 'p1',
  action: 'playbook:run',
  deny: false,
  description: null,
  object: null,
  config_id: null,
  component_id: null,
  connection_id: null,
  playbook_id: PLAYBOOK,
  canary_id: null,
  check_id: null,
  person_id: PERSON,
  team_id: null,
  until: null,
  source: 'UI',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: null,
  playbook: { id: PLAYBOOK, name: 'restart', title: 'Restart' },
  person: { id: PERSON, name: 'Pat Viewer' },
  createdBy: { id: 'u1', name: 'Jane Doe' },
  ...fields,
});

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/permissions', {
    status: 200,
    body: [permission()],
    headers: { 'Content-Range': '0-0/1' },
  });
  api.reply('GET api/db/playbooks', { status: 200, body: [{ id: PLAYBOOK, name: 'restart' }] });
  api.reply('GET api/db/config_names', { status: 200, body: [{ id: CONFIG, name: 'checkout-pod' }] });
  api.reply('GET api/db/people', { status: 200, body: [{ id: PERSON, name: 'Pat Viewer' }] });
  api.reply('GET api/db/teams', { status: 200, body: [{ id: TEAM, name: 'SRE' }] });
});

const writes = () => page.sent.filter((r) => r.method !== 'GET');

function renderPage() {
  const user = userEvent.setup();
  renderInShell([{ path: 'settings/permissions', element: <PermissionsPage /> }], '/settings/permissions');
  return user;
}

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Permission' }));
  return screen.getByRole('dialog', { name: 'Add Permission' });
}

describe('PermissionsPage', () => {
  it('lists resource, subject, action, deny, until and creator, paged on the server', async () => {
    renderPage();
    const table = await screen.findByRole('grid', { name: 'Permissions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Resource', 'Subject', 'Action', 'Deny', 'Until', 'Created By', 'Created At', 'Actions']);
    const row = (await screen.findByText('Playbook: Restart')).closest('tr')!;
    expect(row).toHaveTextContent('Pat Viewer');
    expect(row).toHaveTextContent('playbook:run');
    expect(row).toHaveTextContent('Jane Doe');
    const list = page.sent.find((r) => r.path === 'api/db/permissions')!;
    expect(list.query.get('limit')).toBeTruthy();
    expect(list.query.get('offset')).toBe('0');
    expect(list.query.get('select')).toContain('playbook:playbook_id(id,name,title)');
  });

  it('requires a resource and a subject, and sends nothing without them', async () => {
    const user = renderPage();
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select a resource')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a team or a person')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('clears the resource when the kind changes, and the subject when Team or Person does', async () => {
    const user = renderPage();
    const dialog = await openAdd(user);
    const resource = within(dialog).getByLabelText(/^Playbook/);
    await within(dialog).findByRole('option', { name: 'restart' });
    await user.selectOptions(resource, PLAYBOOK);
    expect(resource).toHaveValue(PLAYBOOK);
    await user.selectOptions(within(dialog).getByLabelText('Resource kind'), 'catalog');
    expect(within(dialog).getByLabelText(/^Catalog/)).toHaveValue('');
    const person = within(dialog).getByLabelText(/^Person/);
    await within(dialog).findByRole('option', { name: 'Pat Viewer' });
    await user.selectOptions(person, PERSON);
    await user.selectOptions(within(dialog).getByLabelText('Subject kind'), 'team');
    expect(within(dialog).getByLabelText(/^Team/)).toHaveValue('');
  });

  it("adds a permission with one resource and one subject, and says 'Permission added'", async () => {
    page.api.reply('POST api/db/permissions', { status: 201 });
    const user = renderPage();
    const dialog = await openAdd(user);
    await user.selectOptions(within(dialog).getByLabelText('Resource kind'), 'catalog');
    await within(dialog).findByRole('option', { name: 'checkout-pod' });
    await user.selectOptions(within(dialog).getByLabelText(/^Catalog/), CONFIG);
    await user.selectOptions(within(dialog).getByLabelText('Subject kind'), 'team');
    await within(dialog).findByRole('option', { name: 'SRE' });
    await user.selectOptions(within(dialog).getByLabelText(/^Team/), TEAM);
    await user.selectOptions(within(dialog).getByLabelText(/^Action/), 'read');
    await user.click(within(dialog).getByLabelText('Deny'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'api/db/permissions',
        body: expect.objectContaining({
          config_id: CONFIG,
          playbook_id: null,
          component_id: null,
          connection_id: null,
          object: null,
          team_id: TEAM,
          person_id: null,
          action: 'read',
          deny: true,
          until: null,
          source: 'UI',
          created_by: 'u1',
        }),
      }),
    ]);
  });

  it("updates from the row and says 'Permission updated'", async () => {
    page.api.reply('PATCH api/db/permissions', { status: 204 });
    const user = renderPage();
    await user.click(await screen.findByText('Playbook: Restart'));
    const dialog = screen.getByRole('dialog', { name: 'Edit Permission' });
    await user.selectOptions(within(dialog).getByLabelText(/^Action/), 'playbook:approve');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Permission updated')).toBeInTheDocument();
    const [write] = writes();
    expect(write).toMatchObject({ method: 'PATCH', path: 'api/db/permissions' });
    expect(write!.query.get('id')).toBe('eq.p1');
    expect(write!.body).toMatchObject({
      action: 'playbook:approve',
      playbook_id: PLAYBOOK,
      updated_by: 'u1',
    });
  });

  it("deletes after a confirmation and says 'Permission deleted'", async () => {
    page.api.reply('DELETE api/db/permissions', { status: 204 });
    const user = renderPage();
    await screen.findByText('Playbook: Restart');
    await user.click(screen.getByRole('button', { name: 'Delete Playbook: Restart for Pat Viewer' }));
    expect(writes()).toEqual([]);
    const confirm = screen.getByRole('dialog', { name: 'Delete Permission' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission deleted')).toBeInTheDocument();
    expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: 'api/db/permissions' })]);
  });

  it('offers no changes without write on permissions', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderPage();
    await screen.findByText('Playbook: Restart');
    expect(screen.queryByRole('button', { name: 'Add Permission' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});

describe('PermissionsPanel', () => {
  it("lists one playbook's permissions and adds one for it without asking which", async () => {
    page.api.reply('POST api/db/permissions', { status: 201 });
    const user = userEvent.setup();
    renderInShell(
      [{ path: 'playbooks/:id', element: <PermissionsPanel filter={{ playbook_id: PLAYBOOK }} /> }],
      `/playbooks/${PLAYBOOK}`,
    );
    await screen.findByText('Pat Viewer');
    expect(page.sent.find((r) => r.path === 'api/db/permissions')!.query.get('playbook_id')).toBe(
      `eq.${PLAYBOOK}`,
    );
    const dialog = await openAdd(user);
    expect(within(dialog).queryByLabelText('Resource kind')).not.toBeInTheDocument();
    await within(dialog).findByRole('option', { name: 'Pat Viewer' });
    await user.selectOptions(within(dialog).getByLabelText(/^Person/), PERSON);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    expect(writes()[0]!.body).toMatchObject({ playbook_id: PLAYBOOK, person_id: PERSON, action: 'read' });
  });
});
