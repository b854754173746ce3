import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import type { User } from './users-api.js';
import { UsersPage } from './UsersPage.js';

const ada: User = {
  id: 'u2',
  traits: { name: { first: 'Ada', last: 'Lovelace' }, email: 'ada@example.com' },
  roles: ['editor'],
  state: 'active',
  created_at: '2024-03-01T10:00:00Z',
};
const grace: User = {
  id: 'u3',
  traits: { name: { first: 'Grace', last: 'Hopper' }, email: 'grace@example.com' },
  roles: ['viewer'],
  state: 'inactive',
  created_at: '2024-02-01T10:00:00Z',
};

const page = fakeApiPerTest((api) => api.reply('GET api/people/users', { status: 200, body: [grace, ada] }));
afterEach(() => jest.restoreAllMocks());

const writes = () => page.sent.filter((r) => r.method !== 'GET');

function renderUsers() {
  const user = userEvent.setup();
  renderInShell([{ path: 'settings/users', element: <UsersPage /> }], '/settings/users');
  return user;
}

async function rowOf(name: string) {
  return (await screen.findByText(name)).closest('tr')!;
}

async function openInviteForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Invite User' }));
  return screen.getByRole('dialog', { name: 'Invite User' });
}

describe('UsersPage', () => {
  it('lists the users with the spec columns, sorted by name', async () => {
    renderUsers();
    const table = await screen.findByRole('grid', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Roles', 'State', 'Created At', 'Actions']);
    const rows = await waitFor(() => {
      const found = within(table).getAllByRole('row').slice(1);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows[0]).toHaveTextContent('Ada Lovelace');
    expect(rows[0]).toHaveTextContent('ada@example.com');
    expect(rows[0]).toHaveTextContent('editor');
    expect(rows[0]).toHaveTextContent('active');
    expect(rows[1]).toHaveTextContent('Grace Hopper');
    expect(rows[1]).toHaveTextContent('inactive');
    expect(within(rows[1]!).getByRole('button', { name: 'Edit User Grace Hopper' })).toHaveTextContent(
      'Edit User',
    );
  });

  it("shows 'No data available' without users", async () => {
    page.api.reply('GET api/people/users', { status: 200, body: [] });
    renderUsers();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    page.api.reply('GET api/people/users', { status: 500, body: { message: 'identity store unavailable' } });
    renderUsers();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('identity store unavailable')).toBeInTheDocument();
  });

  it('hides Invite, Edit and Delete without write on identities', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('editor') });
    renderUsers();
    await rowOf('Ada Lovelace');
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit User|Delete/ })).not.toBeInTheDocument();
  });

  describe('Invite User', () => {
    it('checks the form with the spec texts before sending anything', async () => {
      const user = renderUsers();
      const dialog = await openInviteForm(user);
      await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
      expect(within(dialog).getByText('Please provide valid first name')).toBeInTheDocument();
      expect(within(dialog).getByText('Please provide valid last name')).toBeInTheDocument();
      expect(within(dialog).getByText('Please provide valid email')).toBeInTheDocument();
      expect(within(dialog).getByText('Please select any role')).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText(/Email/), 'not-an-address');
      expect(within(dialog).getByText('Entered value does not match email format')).toBeInTheDocument();
      expect(writes()).toEqual([]);
    });

    it('invites, then shows the link to share and copies it', async () => {
      page.api.reply('POST api/auth/invite_user', {
        status: 201,
        body: { link: 'http://127.0.0.1/console/invite?token=abc', user: { ...ada, id: 'u9' } },
      });
      const user = renderUsers();
      const dialog = await openInviteForm(user);
      await user.type(within(dialog).getByLabelText(/First Name/), 'Katherine');
      await user.type(within(dialog).getByLabelText(/Last Name/), 'Johnson');
      await user.type(within(dialog).getByLabelText(/Email/), ' kj@example.com ');
      await user.selectOptions(within(dialog).getByLabelText(/Role/), 'responder');
      await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

      const invited = await screen.findByRole('dialog', { name: 'User invited' });
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: 'api/auth/invite_user',
          body: { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.com', role: 'responder' },
        }),
      ]);
      expect(within(invited).getByText(/Katherine Johnson was invited/)).toBeInTheDocument();
      const link = within(invited).getByRole('textbox', { name: 'Invite link' });
      expect(link).toHaveValue('http://127.0.0.1/console/invite?token=abc');
      expect(link).toHaveAttribute('readonly');

      const writeText = jest.fn((_text: string) => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      await user.click(within(invited).getByRole('button', { name: 'Copy invite link' }));
      expect(writeText).toHaveBeenCalledWith('http://127.0.0.1/console/invite?token=abc');
      expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    });

    it("keeps what was typed and shows the server's message when the invite fails", async () => {
      page.api.reply('POST api/auth/invite_user', {
        status: 409,
        body: { message: 'A user with the email ada@example.com already exists.' },
      });
      const user = renderUsers();
      const dialog = await openInviteForm(user);
      await user.type(within(dialog).getByLabelText(/First Name/), 'Ada');
      await user.type(within(dialog).getByLabelText(/Last Name/), 'Lovelace');
      await user.type(within(dialog).getByLabelText(/Email/), 'ada@example.com');
      await user.selectOptions(within(dialog).getByLabelText(/Role/), 'viewer');
      await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

      expect(
        await screen.findByText('A user with the email ada@example.com already exists.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/First Name/)).toHaveValue('Ada');
      expect(within(dialog).getByLabelText(/Role/)).toHaveValue('viewer');
      expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeEnabled();
    });
  });

  describe('Edit User', () => {
    it('prefills the form and saves it', async () => {
      page.api.reply('PATCH api/people/users/u2', { status: 200, body: ada });
      const user = renderUsers();
      await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /Edit User/ }));
      const dialog = screen.getByRole('dialog', { name: 'Edit User' });
      expect(within(dialog).getByLabelText(/First Name/)).toHaveValue('Ada');
      expect(within(dialog).getByLabelText(/Email/)).toHaveValue('ada@example.com');
      expect(within(dialog).getByLabelText(/Role/)).toHaveValue('editor');
      expect(within(dialog).getByLabelText(/Role/)).toBeEnabled();
      const active = within(dialog).getByRole('switch', { name: 'Active' });
      expect(active).toBeChecked();

      await user.clear(within(dialog).getByLabelText(/Last Name/));
      await user.type(within(dialog).getByLabelText(/Last Name/), 'Byron');
      await user.click(active);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Ada Byron updated successfully')).toBeInTheDocument();
      expect(writes()).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          path: 'api/people/users/u2',
          body: {
            firstName: 'Ada',
            lastName: 'Byron',
            email: 'ada@example.com',
            role: 'editor',
            active: false,
          },
        }),
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument(),
      );
    });

    it('lets only admins change the role', async () => {
      const editorWhoManagesPeople = whoamiAs('editor', { writable: ['identities'] });
      page.api.reply('GET api/auth/whoami', { status: 200, body: editorWhoManagesPeople });
      const user = renderUsers();
      await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /Edit User/ }));
      expect(within(screen.getByRole('dialog', { name: 'Edit User' })).getByLabelText(/Role/)).toBeDisabled();
    });

    it("keeps the changes and shows the server's message when saving fails", async () => {
      page.api.reply('PATCH api/people/users/u2', {
        status: 422,
        body: { message: 'Please provide valid email' },
      });
      const user = renderUsers();
      await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /Edit User/ }));
      const dialog = screen.getByRole('dialog', { name: 'Edit User' });
      await user.type(within(dialog).getByLabelText(/First Name/), 'x');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Please provide valid email')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/First Name/)).toHaveValue('Adax');
    });
  });

  describe('Delete', () => {
    it("confirms with 'Delete User ?', deletes and says so", async () => {
      page.api.reply('DELETE api/people/users/u3', { status: 204 });
      const user = renderUsers();
      await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: /Delete/ }));
      const dialog = screen.getByRole('dialog', { name: 'Delete User ?' });
      expect(writes()).toEqual([]);
      page.api.reply('GET api/people/users', { status: 200, body: [ada] });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('user deleted successfully')).toBeInTheDocument();
      expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: 'api/people/users/u3' })]);
      await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
    });

    it("is not offered on one's own user, which the server refuses to delete", async () => {
      // whoamiAs signs in as the user with id u1.
      const self: User = {
        ...ada,
        id: 'u1',
        traits: { name: { first: 'Mae', last: 'Jemison' }, email: null },
      };
      page.api.reply('GET api/people/users', { status: 200, body: [self, grace] });
      renderUsers();
      const own = await rowOf('Mae Jemison');
      expect(await within(own).findByRole('button', { name: /Edit User/ })).toBeInTheDocument();
      expect(within(own).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
      expect(within(await rowOf('Grace Hopper')).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    });

    it("stays open with the server's message when deleting fails", async () => {
      page.api.reply('DELETE api/people/users/u2', {
        status: 409,
        body: { message: 'You cannot delete your own user.' },
      });
      const user = renderUsers();
      await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /Delete/ }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Delete User ?' })).getByRole('button', { name: 'Delete' }),
      );
      expect(await screen.findByText('You cannot delete your own user.')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Delete User ?' })).toBeInTheDocument();
    });
  });
});
