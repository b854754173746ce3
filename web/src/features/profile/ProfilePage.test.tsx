import { screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { NO_TOKENS } from './ApiTokensPanel.js';
import { ProfilePage } from './ProfilePage.js';

const page = fakeApiPerTest((api) => api.reply('GET api/auth/tokens', { status: 200, body: [] }));

/** The profile page in the console chrome, once every call it makes has been answered. */
async function openProfile() {
  renderInShell(
    [{ path: 'profile-settings', handle: { title: 'Your Profile' }, element: <ProfilePage /> }],
    '/profile-settings',
  );
  expect(await screen.findByText(NO_TOKENS)).toBeInTheDocument();
  await waitFor(() => expect(page.api.requests).toContainEqual({ method: 'GET', path: 'api/about' }));
}

describe('ProfilePage', () => {
  it("shows the signed-in user's name, email and roles under 'Your Profile'", async () => {
    page.api.reply('GET api/auth/whoami', {
      status: 200,
      body: whoamiAs('editor', { name: 'Ada Lovelace' }),
    });
    await openProfile();
    expect(screen.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Details' }).closest<HTMLElement>('.pf-v6-c-card')!;
    const field = (term: string) =>
      within(details).getByText(term).closest('.pf-v6-c-description-list__group');
    expect(field('Name')).toHaveTextContent('Ada Lovelace');
    expect(field('Email')).toHaveTextContent('jane@example.com');
    expect(within(details).getByRole('list', { name: 'Roles' })).toHaveTextContent('editor');
  });

  it('offers API tokens and a password change in local mode', async () => {
    await openProfile();
    expect(screen.getByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toBeInTheDocument();
  });

  it('has no password change when people sign in with an identity provider', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: { ...whoamiAs('admin'), authMode: 'oidc' } });
    await openProfile();
    expect(screen.getByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
  });
});
