import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { frontendVersion } from '../version.js';
import { fakeLocation, fakeApiPerTest, renderConsole, whoamiAs } from './test-support.js';
import { initialsOf } from './UserMenu.js';

const page = fakeApiPerTest((api) =>
  api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('admin', { name: 'Ada Lovelace' }) }),
);
afterEach(() => jest.restoreAllMocks());

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
  return within(screen.getByText('Hi Ada Lovelace').closest<HTMLElement>('.pf-v6-c-menu')!);
}

describe('UserMenu', () => {
  it('greets the user by name and shows both versions', async () => {
    renderConsole('/logs');
    expect(await screen.findByText('AL')).toBeInTheDocument();
    const menu = await openUserMenu();
    expect(menu.getByText('Hi Ada Lovelace')).toBeInTheDocument();
    expect(menu.getByText('Frontend version').nextSibling).toHaveTextContent(frontendVersion);
    await waitFor(() => expect(menu.getByText('Backend version').nextSibling).toHaveTextContent('1.0.800'));
  });

  it("shows 'NA' as the backend version when /api/about fails", async () => {
    page.api.reply('GET api/about', { status: 500, body: { message: 'down' } });
    renderConsole('/logs');
    const menu = await openUserMenu();
    await waitFor(() => expect(page.api.requests).toContainEqual({ method: 'GET', path: 'api/about' }));
    await waitFor(() => expect(menu.getByText('Backend version').nextSibling).toHaveTextContent('NA'));
  });

  it('goes to the profile page', async () => {
    const { router } = renderConsole('/logs');
    await openUserMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Your Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-settings'));
    expect(await screen.findByRole('heading', { name: 'Your Profile', level: 1 })).toBeInTheDocument();
  });

  it('signs out on the server, then goes to the sign-in page', async () => {
    const { router } = renderConsole('/logs');
    await openUserMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(page.api.requests).toContainEqual({ method: 'POST', path: 'api/auth/logout' });
  });

  it("goes on to the identity provider's end-session page when the server names one", async () => {
    const endSession = 'https://idp.example.com/session/end?id_token_hint=abc&post_logout_redirect_uri=x';
    page.api.reply('POST api/auth/logout', { status: 200, body: { redirectTo: endSession } });
    const location = fakeLocation(`${page.api.base}health`);
    try {
      const { router } = renderConsole('/logs');
      await openUserMenu();
      await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
      await waitFor(() => expect(location.assigned).toEqual([endSession]));
      expect(router.state.location.pathname).toBe('/logs');
    } finally {
      location.restore();
    }
  });

  it('stays and says why when signing out fails', async () => {
    page.api.reply('POST api/auth/logout', { status: 500, body: { message: 'Session store unavailable' } });
    const { router } = renderConsole('/logs');
    await openUserMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Session store unavailable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logs');
  });
});

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Grace Brewster Hopper', 'GH'],
    ['admin', 'A'],
    ['jane.doe@example.com', 'JD'],
    ['', '?'],
  ])('%s → %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});

describe('the kubeconfig dialog', () => {
  async function openDialog() {
    renderConsole('/logs');
    await openUserMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Download kubeconfig' }));
    return screen.findByRole('dialog', { name: 'Download kubeconfig' });
  }

  it('shows the two steps, the kubectl command to copy and a docs link', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'Download kubeconfig.yaml' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('kubectl --kubeconfig ./kubeconfig.yaml get canaries -A'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy command' })).toBeInTheDocument();
    const learnMore = within(dialog).getByRole('link', { name: 'Learn more' });
    expect(learnMore).toHaveAttribute('target', '_blank');
    expect(learnMore.getAttribute('rel')).toContain('noopener');
  });

  it('says so, and offers no download, when no cluster is configured', async () => {
    page.api.reply('GET api/kube/status', { status: 200, body: { configured: false, connected: false } });
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText(
        'No Kubernetes cluster is configured, so there is no kubeconfig to download.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download kubeconfig.yaml' })).toBeDisabled();
  });

  it('warns that kubectl will not send the token to a console open over HTTP', async () => {
    page.api.reply('GET api/kube/status', { status: 200, body: { configured: true, connected: true } });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('This console is open over HTTP')).toBeInTheDocument();
    expect(within(dialog).getByText(/kubectl sends its token only over HTTPS/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download kubeconfig.yaml' })).toBeEnabled();
  });

  it("shows the server's message when there is no kubeconfig to download", async () => {
    page.api.reply('GET api/kubeconfig', {
      status: 404,
      body: { message: 'No Kubernetes cluster is connected' },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download kubeconfig.yaml' }));
    expect(await screen.findByText('No Kubernetes cluster is connected')).toBeInTheDocument();
  });

  it('downloads the file as kubeconfig.yaml', async () => {
    const yaml = 'apiVersion: v1\nkind: Config\n';
    page.api.reply('GET api/kubeconfig', { status: 200, body: yaml, contentType: 'application/yaml' });
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:kubeconfig';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download kubeconfig.yaml' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', 'kubeconfig.yaml');
    expect(clicked[0]).toHaveAttribute('href', 'blob:kubeconfig');
    expect(await blobs[0]!.text()).toBe(yaml);
    expect(page.api.requests).toContainEqual({ method: 'GET', path: 'api/kubeconfig' });
  });
});
