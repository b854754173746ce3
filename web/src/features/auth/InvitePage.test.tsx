import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, fakeLocation, renderPage } from '../../shell/test-support.js';
import { InvitePage } from './InvitePage.js';

const page = fakeApiPerTest((api) =>
  api.reply('POST api/auth/invite/lookup', {
    status: 200,
    body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mode: 'local' },
  }),
);
let location: ReturnType<typeof fakeLocation> | undefined;
afterEach(() => location?.restore());

const INVALID = 'This invite link is not valid or has expired.';

function openInvite(fragment: string) {
  location = fakeLocation(`${page.api.base}invite${fragment}`);
  return renderPage(<InvitePage />, `/invite${fragment}`);
}

const sentTo = (path: string) => page.sent.filter((r) => r.method === 'POST' && r.path === path);
const choosePassword = () => screen.getByLabelText(/Choose a password/);
const confirmPassword = () => screen.getByLabelText(/Confirm password/);
const submitButton = () => screen.getByRole('button', { name: 'Set password and sign in' });

describe('InvitePage in local mode', () => {
  it('looks the token up from the fragment and welcomes the person by name and email', async () => {
    openInvite('#tok-123');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(sentTo('api/auth/invite/lookup').map((r) => r.body)).toEqual([{ token: 'tok-123' }]);
  });

  it('sets the password, then opens the console root with a full page load', async () => {
    page.api.reply('POST api/auth/invite/accept', { status: 200, body: { csrfToken: 'c1' } });
    openInvite('#tok-123');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await userEvent.type(choosePassword(), 'a long password');
    await userEvent.type(confirmPassword(), 'a long password{Enter}');

    await waitFor(() => expect(location!.assigned).toEqual([page.api.base]));
    expect(sentTo('api/auth/invite/accept').map((r) => r.body)).toEqual([
      { token: 'tok-123', password: 'a long password' },
    ]);
  });

  it('says when the passwords do not match, without calling the server', async () => {
    openInvite('#tok-123');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await userEvent.type(choosePassword(), 'a long password');
    await userEvent.type(confirmPassword(), 'a long passwort');
    await userEvent.click(submitButton());

    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(confirmPassword()).toHaveFocus();
    expect(confirmPassword()).toHaveAccessibleDescription(/The passwords do not match\./);
    expect(sentTo('api/auth/invite/accept')).toEqual([]);

    await userEvent.clear(confirmPassword());
    await userEvent.type(confirmPassword(), 'a long password');
    expect(screen.queryByText('The passwords do not match.')).not.toBeInTheDocument();
  });

  it("shows the server's message for a refused password and keeps what was typed", async () => {
    page.api.reply('POST api/auth/invite/accept', {
      status: 422,
      body: { message: 'The password must be at least 8 characters long.' },
    });
    openInvite('#tok-123');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await userEvent.type(choosePassword(), 'short');
    await userEvent.type(confirmPassword(), 'short{Enter}');

    expect(await screen.findByText('The password must be at least 8 characters long.')).toBeInTheDocument();
    expect(choosePassword()).toHaveValue('short');
    expect(choosePassword()).toHaveFocus();
    expect(submitButton()).toBeEnabled();
    expect(location!.assigned).toEqual([]);
  });

  it('shows the invalid-link message when the invite is gone by the time it is accepted', async () => {
    page.api.reply('POST api/auth/invite/accept', { status: 404, body: { message: INVALID } });
    openInvite('#tok-123');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await userEvent.type(choosePassword(), 'a long password');
    await userEvent.type(confirmPassword(), 'a long password{Enter}');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('InvitePage in OIDC mode', () => {
  it('has no password form, only a way to sign in', async () => {
    page.api.reply('POST api/auth/invite/lookup', {
      status: 200,
      body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mode: 'oidc' },
    });
    const { router } = openInvite('#tok-9');
    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Choose a password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('InvitePage with a bad link', () => {
  it("shows the server's message and a link to sign in for an unknown or expired token", async () => {
    page.api.reply('POST api/auth/invite/lookup', { status: 404, body: { message: INVALID } });
    openInvite('#expired');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/Choose a password/)).not.toBeInTheDocument();
  });

  it('says the link is not valid when it carries no token, without asking the server', async () => {
    openInvite('');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(sentTo('api/auth/invite/lookup')).toEqual([]);
  });

  it('offers to try again when the lookup fails for another reason', async () => {
    page.api.reply('POST api/auth/invite/lookup', { status: 503, body: { message: 'Database unavailable' } });
    openInvite('#tok-123');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    page.api.reply('POST api/auth/invite/lookup', {
      status: 200,
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mode: 'local' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });
});
