import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, fakeLocation, renderPage, whoamiAs } from '../../shell/test-support.js';
import { LoginPage } from './LoginPage.js';

const page = fakeApiPerTest((api) => {
  api.reply('GET api/auth/config', { status: 200, body: { mode: 'local' } });
  api.reply('GET api/auth/whoami', { status: 401, body: { message: 'Sign in first' } });
});
let location: ReturnType<typeof fakeLocation> | undefined;
afterEach(() => location?.restore());

/** /login with `query`, in the router and in window.location (where full page loads are recorded). */
function openLogin(query = '') {
  location = fakeLocation(`${page.api.base}login${query}`);
  return renderPage(<LoginPage />, `/login${query}`);
}

const oidcMode = () => page.api.reply('GET api/auth/config', { status: 200, body: { mode: 'oidc' } });
const signedIn = () => page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
const usernameField = () => screen.findByLabelText(/Username/);
const passwordField = () => screen.getByLabelText(/Password/);
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

const ERROR_CODES = [
  ['return_to_forbidden', 'The return_to address is not allowed.'],
  ['flow_expired', 'Your interaction expired, please fill out the form again.'],
  ['sign_in_failed', 'Sign-in failed. Please try again.'],
  ['session_inactive', 'Your session has expired. Please sign in again.'],
];

describe('LoginPage in local mode', () => {
  it('signs in and opens return_to under the base with a full page load', async () => {
    page.api.reply('POST api/auth/login', { status: 200, body: { csrfToken: 'c1' } });
    openLogin('?return_to=%2Fhealth%3FtimeRange%3D1h');

    await userEvent.type(await usernameField(), 'ada');
    await userEvent.type(passwordField(), 'correct horse');
    await userEvent.click(signInButton());

    await waitFor(() => expect(location!.assigned).toEqual([`${page.api.base}health?timeRange=1h`]));
    const login = page.sent.find((r) => r.method === 'POST' && r.path === 'api/auth/login');
    expect(login?.body).toEqual({ username: 'ada', password: 'correct horse' });
    expect(document.title).toBe('Sign in to Ops Console · Ops Console');
  });

  it('submits with Enter and goes to the console home without a return_to', async () => {
    page.api.reply('POST api/auth/login', { status: 200, body: { csrfToken: 'c1' } });
    openLogin();
    await userEvent.type(await usernameField(), 'ada');
    await userEvent.type(passwordField(), 'secret{Enter}');
    await waitFor(() => expect(location!.assigned).toEqual([page.api.base]));
  });

  it.each([
    [401, 'Wrong username or password.'],
    [429, 'Too many failed sign-ins. Please try again in 5 minutes.'],
  ])(
    "shows the server's message for %i, keeps the username, clears and focuses the password",
    async (status, message) => {
      page.api.reply('POST api/auth/login', { status, body: { message } });
      openLogin('?return_to=%2Fhealth');
      await userEvent.type(await usernameField(), 'ada');
      await userEvent.type(passwordField(), 'wrong{Enter}');

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByLabelText(/Username/)).toHaveValue('ada');
      expect(passwordField()).toHaveValue('');
      expect(passwordField()).toHaveFocus();
      expect(signInButton()).toBeEnabled();
      expect(location!.assigned).toEqual([]);
    },
  );

  it('disables the button and shows progress while signing in', async () => {
    page.api.reply('POST api/auth/login', { status: 200, body: { csrfToken: 'c1' } });
    openLogin();
    const realFetch = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = async (input, init) => {
      if (String(input).endsWith('api/auth/login')) await held;
      return realFetch(input, init);
    };
    try {
      await userEvent.type(await usernameField(), 'ada');
      await userEvent.type(passwordField(), 'secret{Enter}');
      const button = screen.getByRole('button', { name: /Sign in/ });
      await waitFor(() => expect(button).toBeDisabled());
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      release();
      await waitFor(() => expect(location!.assigned).toHaveLength(1));
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('asks for both fields without calling the server', async () => {
    openLogin();
    await userEvent.type(await usernameField(), 'ada{Enter}');
    expect(await screen.findByText('Please enter your username and password.')).toBeInTheDocument();
    expect(passwordField()).toHaveFocus();
    expect(page.sent.filter((r) => r.path === 'api/auth/login')).toEqual([]);
  });

  it('refuses a return_to outside the console and signs in to the home page instead', async () => {
    page.api.reply('POST api/auth/login', { status: 200, body: { csrfToken: 'c1' } });
    openLogin('?return_to=https%3A%2F%2Fevil.example.com%2F');
    expect(await screen.findByText('The return_to address is not allowed.')).toBeInTheDocument();
    await userEvent.type(await usernameField(), 'ada');
    await userEvent.type(passwordField(), 'secret{Enter}');
    await waitFor(() => expect(location!.assigned).toEqual([page.api.base]));
  });

  it.each(ERROR_CODES)('shows the message for error=%s above the form', async (code, message) => {
    openLogin(`?error=${code}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await usernameField()).toBeInTheDocument();
  });
});

describe('LoginPage when already signed in', () => {
  it('goes straight to return_to', async () => {
    signedIn();
    openLogin('?return_to=%2Fincidents%2Finc-1');
    await waitFor(() => expect(location!.assigned).toEqual([`${page.api.base}incidents/inc-1`]));
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('does not follow a refused return_to: it says so and offers the console home', async () => {
    signedIn();
    openLogin('?return_to=%2F%2Fevil.example.com');
    expect(await screen.findByText('The return_to address is not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', page.api.base);
    expect(location!.assigned).toEqual([]);
  });
});

describe('LoginPage in OIDC mode', () => {
  it('redirects to the identity provider with return_to, and says so meanwhile', async () => {
    oidcMode();
    openLogin('?return_to=%2Fhealth');
    expect(await screen.findByText('Redirecting to sign-in…')).toBeInTheDocument();
    await waitFor(() =>
      expect(location!.assigned).toEqual([`${page.api.base}api/auth/oidc/login?return_to=%2Fhealth`]),
    );
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it.each(ERROR_CODES)(
    'stays on error=%s with its message and a Sign in again button',
    async (code, message) => {
      oidcMode();
      openLogin(`?error=${code}&return_to=%2Fhealth`);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
        'href',
        `${page.api.base}api/auth/oidc/login?return_to=%2Fhealth`,
      );
      expect(location!.assigned).toEqual([]);
    },
  );

  it('reads an unknown error code as a failed sign-in', async () => {
    oidcMode();
    openLogin('?error=something_new');
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeInTheDocument();
  });

  it('does not redirect with a refused return_to, and offers sign-in to the home page', async () => {
    oidcMode();
    openLogin('?return_to=javascript%3Aalert(1)');
    expect(await screen.findByText('The return_to address is not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `${page.api.base}api/auth/oidc/login?return_to=%2F`,
    );
    expect(location!.assigned).toEqual([]);
  });
});

describe('LoginPage when the sign-in settings cannot be read', () => {
  it('says why and tries again', async () => {
    page.api.reply('GET api/auth/config', { status: 400, body: { message: 'Sign-in is not configured' } });
    openLogin();
    expect(await screen.findByText('Sign-in is not configured')).toBeInTheDocument();
    page.api.reply('GET api/auth/config', { status: 200, body: { mode: 'local' } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await usernameField()).toBeInTheDocument();
  });
});
