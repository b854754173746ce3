import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderPage } from '../../shell/test-support.js';
import { TOKEN_SHOWN_ONCE, type ApiToken, type CreatedToken } from './api-tokens.js';
import { ApiTokensPanel, NO_TOKENS } from './ApiTokensPanel.js';
import { NAME_REQUIRED } from './CreateTokenModal.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const ciBot: ApiToken = {
  id: 't1',
  name: 'ci-bot',
  createdAt: daysFromNow(-2),
  expiresAt: daysFromNow(28),
  lastUsedAt: daysFromNow(-1),
};
const scratch: ApiToken = {
  id: 't2',
  name: 'scratch',
  createdAt: daysFromNow(-3),
  expiresAt: null,
  lastUsedAt: null,
};
const deployBot: ApiToken = {
  id: 't3',
  name: 'deploy-bot',
  createdAt: daysFromNow(0),
  expiresAt: daysFromNow(90),
  lastUsedAt: null,
};

const page = fakeApiPerTest((api) =>
  api.reply('GET api/auth/tokens', { status: 200, body: { message: 'success', payload: [ciBot, scratch] } }),
);

async function openPanel() {
  const user = userEvent.setup();
  renderPage(<ApiTokensPanel />, '/profile-settings');
  await screen.findByRole('grid', { name: 'API tokens' });
  return user;
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });
const cells = (name: string) =>
  within(row(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const sent = (method: string, path: string) =>
  page.sent.filter((r) => r.method === method && r.path === path);

describe('the API tokens list', () => {
  it('shows name, created, expiry and last use, with Never for none', async () => {
    await openPanel();
    expect(await screen.findByText('ci-bot')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Created', 'Expires', 'Last used', 'Actions']);
    expect(cells('ci-bot')).toEqual(['ci-bot', '2 days ago', 'in 28 days', '1 day ago', 'Revoke']);
    expect(cells('scratch')).toEqual(['scratch', '3 days ago', 'Never', 'Never', 'Revoke']);
  });

  it('says when there are no tokens', async () => {
    page.api.reply('GET api/auth/tokens', { status: 200, body: { message: 'success', payload: [] } });
    await openPanel();
    expect(await screen.findByText(NO_TOKENS)).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be read", async () => {
    page.api.reply('GET api/auth/tokens', { status: 500, body: { message: 'Token store unavailable' } });
    renderPage(<ApiTokensPanel />, '/profile-settings');
    expect(await screen.findByText('Token store unavailable')).toBeInTheDocument();
  });
});

describe('creating a token', () => {
  const created: CreatedToken = {
    id: 't3',
    token: 'ocp_s3cr3t',
    name: 'deploy-bot',
    expiresAt: deployBot.expiresAt,
  };

  async function openCreate() {
    const user = await openPanel();
    await screen.findByText('ci-bot');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Create token' }) };
  }

  it('needs a name', async () => {
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(sent('POST', 'api/auth/create_token')).toEqual([]);
  });

  it('offers the expiries, 30 days by default', async () => {
    const { dialog } = await openCreate();
    const expiry = within(dialog).getByLabelText('Expiry');
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['7 days', '30 days', '90 days', '1 year', 'No expiry']);
    expect(expiry).toHaveDisplayValue('30 days');
  });

  it('sends the name and the expiry date, shows the token once with a copy button, and refreshes the list', async () => {
    page.api.reply('POST api/auth/create_token', { status: 201, body: created });
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText(/Name/), 'deploy-bot');
    await user.selectOptions(within(dialog).getByLabelText('Expiry'), '90 days');
    page.api.reply('GET api/auth/tokens', {
      status: 200,
      body: { message: 'success', payload: [deployBot, ciBot, scratch] },
    });
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Token deploy-bot created' });
    expect(within(shown).getByText(TOKEN_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(shown).getByText('ocp_s3cr3t')).toBeInTheDocument();
    const [body] = sent('POST', 'api/auth/create_token').map(
      (r) => r.body as { name: string; expiry: string },
    );
    expect(body!.name).toBe('deploy-bot');
    const expiry = Date.parse(body!.expiry);
    expect(expiry).toBeGreaterThanOrEqual(before + 90 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS);

    await user.click(within(shown).getByRole('button', { name: 'Copy access token' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('ocp_s3cr3t');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('ocp_s3cr3t')).not.toBeInTheDocument();
    expect(await screen.findByText('deploy-bot')).toBeInTheDocument();
  });

  it('sends a null expiry for No expiry, and submits with Enter', async () => {
    page.api.reply('POST api/auth/create_token', { status: 201, body: { ...created, expiresAt: null } });
    const { user, dialog } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Expiry'), 'No expiry');
    await user.type(within(dialog).getByLabelText(/Name/), 'forever{Enter}');
    await screen.findByText(TOKEN_SHOWN_ONCE);
    expect(sent('POST', 'api/auth/create_token').map((r) => r.body)).toEqual([
      { name: 'forever', expiry: null },
    ]);
  });

  it("shows the server's message in the dialog and keeps the name", async () => {
    page.api.reply('POST api/auth/create_token', {
      status: 422,
      body: { message: 'The name must be at most 100 characters long.' },
    });
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText(/Name/), 'too long');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('The name must be at most 100 characters long.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('too long');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
  });
});

describe('revoking a token', () => {
  async function askToRevoke(name: string) {
    const user = await openPanel();
    await screen.findByText(name);
    await user.click(screen.getByRole('button', { name: `Revoke ${name}` }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Revoke token' }) };
  }

  it('asks first, deletes it, says so and refreshes the list', async () => {
    page.api.reply('DELETE api/auth/tokens/t1', { status: 204 });
    const { user, dialog } = await askToRevoke('ci-bot');
    expect(dialog).toHaveTextContent('ci-bot');
    page.api.reply('GET api/auth/tokens', { status: 200, body: { message: 'success', payload: [scratch] } });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('ci-bot revoked successfully')).toBeInTheDocument();
    // While the dialog is open the list is hidden from the accessibility tree: wait for it to close.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('row', { name: /^ci-bot\b/ })).not.toBeInTheDocument());
    expect(row('scratch')).toBeInTheDocument();
    expect(sent('DELETE', 'api/auth/tokens/t1')).toHaveLength(1);
  });

  it('does nothing when cancelled', async () => {
    const { user, dialog } = await askToRevoke('ci-bot');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent('DELETE', 'api/auth/tokens/t1')).toEqual([]);
  });

  it("shows the server's message and keeps the dialog when revoking fails", async () => {
    page.api.reply('DELETE api/auth/tokens/t1', { status: 404, body: { message: 'No such token.' } });
    const { user, dialog } = await askToRevoke('ci-bot');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No such token.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Revoke token' })).toBeInTheDocument();
    // Behind the open dialog, the table is hidden from the accessibility tree.
    expect(screen.getByRole('row', { name: /^ci-bot\b/, hidden: true })).toBeInTheDocument();
  });
});
