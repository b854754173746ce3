import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { CanaryPage } from './CanaryPage.js';
import { holdRequests, openAddDialog, savedRow } from '../../spec-editor/test-support.js';

const saved = savedRow({
  id: 'c9',
  name: 'shop',
  namespace: 'default',
  icon: null,
  labels: {},
  schedule: '@every 5m',
  spec: { http: [{ name: 'shop', url: 'https://shop.example.com', method: 'GET' }] },
});

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/canaries_with_status', { status: 200, body: [] });
  api.reply('GET api/db/canaries', { status: 200, body: [saved] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('POST api/specs/canaries/validate', { status: 200, body: { valid: true, errors: [] } });
});
beforeAll(stubTextLayout);

const writes = () =>
  page.sent.filter((request) => request.method !== 'GET' && request.path === 'api/db/canaries');

const openDialog = () => openAddDialog('settings/canaries', 'Health Check', <CanaryPage />);

/** Types a whole value at once (one change), as pasting does. */
async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function pickHttp(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'HTTP' }));
  return within(dialog);
}

describe('Add Health Check', () => {
  it('offers the kinds as tiles sorted by label, found by search', async () => {
    const { user, dialog } = await openDialog();
    const list = within(dialog).getByRole('list', { name: 'Health check types' });
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles).toHaveLength(31);
    // Each tile is one button named after its kind.
    expect(within(list).getAllByRole('button', { name: 'HTTP' })).toHaveLength(1);
    expect(tiles.slice(0, 4).map((tile) => tile.textContent)).toEqual([
      'Alert Manager',
      'AWS Config',
      'AWS Config Rule',
      'AWS S3',
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Search health check types' }), 'kube');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual(['Kubernetes', 'Kubernetes Namespace']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Search health check types' }), 'zzz');
    expect(within(dialog).getByText('No result')).toBeInTheDocument();
  });

  it("shows the form's problems in the spec's words and keeps Save disabled until they are fixed", async () => {
    const { user, dialog } = await openDialog();
    const form = await pickHttp(user, dialog);
    const save = form.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await fill(user, form.getByRole('textbox', { name: 'Name' }), 'shop');
    // The check takes the health check's name until it gets its own.
    expect(form.getByRole('textbox', { name: 'Check Name' })).toHaveValue('shop');
    await user.click(form.getByRole('textbox', { name: 'URL' }));
    await user.tab();
    expect(form.getByText('This field is required')).toBeInTheDocument();

    await fill(user, form.getByRole('textbox', { name: 'URL' }), 'https://shop.example.com');
    await user.type(form.getByRole('textbox', { name: 'Threshold (ms)' }), 'fast');
    expect(form.getByText('This field must be a number')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(form.getByRole('textbox', { name: 'Threshold (ms)' }));
    await user.type(form.getByRole('textbox', { name: 'Max SSL Expiry (days)' }), '-1');
    expect(form.getByText('This field must be 0 or more')).toBeInTheDocument();
    await user.clear(form.getByRole('textbox', { name: 'Max SSL Expiry (days)' }));
    expect(save).toBeEnabled();
  });

  it('shows Body only for POST and PUT', async () => {
    const { user, dialog } = await openDialog();
    const form = await pickHttp(user, dialog);
    expect(form.queryByRole('textbox', { name: 'Body' })).not.toBeInTheDocument();
    await user.selectOptions(form.getByRole('combobox', { name: 'Method' }), 'POST');
    expect(form.getByRole('textbox', { name: 'Body' })).toBeInTheDocument();
    await user.selectOptions(form.getByRole('combobox', { name: 'Method' }), 'DELETE');
    expect(form.queryByRole('textbox', { name: 'Body' })).not.toBeInTheDocument();
  });

  it('offers exactly the schedules of spec 3 §9', async () => {
    const { user, dialog } = await openDialog();
    const form = await pickHttp(user, dialog);
    const options = within(form.getByRole('combobox', { name: 'Schedule' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
  });

  it('saves a new health check from UI, then opens it and says its checks will run soon', async () => {
    page.api.reply('POST api/db/canaries', { status: 201, body: saved });
    const { user, dialog, router } = await openDialog();
    const form = await pickHttp(user, dialog);
    await fill(user, form.getByRole('textbox', { name: 'Name' }), 'shop');
    await fill(user, form.getByRole('textbox', { name: 'URL' }), 'https://shop.example.com');
    const held = holdRequests('POST');
    try {
      await user.click(form.getByRole('button', { name: 'Save' }));
      expect(await form.findByRole('button', { name: /Saving/ })).toBeDisabled();
      held.release();
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries/c9'));
    } finally {
      held.restore();
    }
    expect(await screen.findByText('shop created successfully')).toBeInTheDocument();
    expect(await screen.findByText('Saved. Its checks will run within a few seconds.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show shop in Health' })).toHaveAttribute(
      'href',
      '/health?query=shop&hidePassing=false',
    );
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          name: 'shop',
          namespace: 'default',
          icon: null,
          labels: {},
          schedule: '@every 5m',
          spec: { http: [{ name: 'shop', url: 'https://shop.example.com', method: 'GET' }] },
          source: 'UI',
          created_by: 'u1',
        },
      }),
    ]);
  });

  it("keeps everything typed when the server refuses the spec, and shows the server's message", async () => {
    page.api.reply('POST api/db/canaries', {
      status: 422,
      body: { code: 'PGRST422', message: 'spec: /http/0/url must match format "uri"' },
    });
    const { user, dialog, router } = await openDialog();
    const form = await pickHttp(user, dialog);
    await fill(user, form.getByRole('textbox', { name: 'Name' }), 'shop');
    await fill(user, form.getByRole('textbox', { name: 'URL' }), 'not a url');
    // A click on Save before the form has taken the values in would do nothing.
    await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('spec: /http/0/url must match format "uri"')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'URL' })).toHaveValue('not a url');
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('shop');
    expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/settings/canaries');
  });

  it('goes back to the type choice, and offers code only for a kind without a form', async () => {
    const { user, dialog } = await openDialog();
    const form = await pickHttp(user, dialog);
    await user.click(form.getByRole('button', { name: 'Back' }));
    await user.click(form.getByRole('button', { name: 'AWS S3' }));
    expect(await form.findByRole('textbox', { name: 'Spec' })).toBeInTheDocument();
    await user.click(form.getByRole('tab', { name: 'Form' }));
    expect(form.getByText('There is no form for AWS S3 checks.')).toBeInTheDocument();
  });
});
