import { ThrowawayPostgres } from '../support/throwaway-postgres.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { ConnectionsPage } from './pages/connections-page.js';

/** A name no other test (or earlier run on the same server) uses. */
const unique = (text: string) => `${text}-${Date.now().toString(36)}`;

// A server that checks passwords: the machine's own PostgreSQL trusts 127.0.0.1, whatever the password.
let postgres: ThrowawayPostgres;
test.beforeAll(async () => {
  postgres = await ThrowawayPostgres.start({ user: 'app', password: 'app-secret' });
});
test.afterAll(() => postgres?.remove());

/** The server's URL without its credentials: those go in the form's own fields. */
function bareUrl(): string {
  const url = new URL(postgres.url);
  url.username = '';
  url.password = '';
  return url.toString();
}

test('a PostgreSQL connection is added and tested, and a wrong password says why it fails', async ({
  page,
}) => {
  const connections = new ConnectionsPage(page);
  const name = unique('e2e-postgres');
  await connections.open();
  await connections.add({
    type: 'PostgreSQL',
    name,
    fields: { URL: bareUrl(), Username: 'app', Password: 'app-secret' },
  });
  await expect(connections.toast('Connection added successfully')).toBeVisible();
  await expect(connections.row(name)).toContainText('PostgreSQL');

  let dialog = await connections.openConnection(name);
  await expect(dialog.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  // The password is never answered: the form only says one is stored.
  await expect(connections.field(dialog, 'Password')).toHaveValue('');
  await expect(connections.field(dialog, 'Password')).toHaveAttribute('placeholder', 'A value is set');
  await expectAccessible(page);
  await connections.testConnection(dialog);
  await expect(connections.toast('Connection successful')).toBeVisible();

  await connections.field(dialog, 'Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(connections.toast('Connection updated successfully')).toBeVisible();

  dialog = await connections.openConnection(name);
  await connections.testConnection(dialog);
  await expect(connections.toast(/password authentication failed/)).toBeVisible();
});
