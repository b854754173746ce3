import { screen, waitFor, within } from '@testing-library/react';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { replaceEditorText } from '../../spec-editor/cluster/test-support.js';
import { openAddDialog } from '../../spec-editor/test-support.js';
import { LogBackendPage } from './LogBackendPage.js';

const created = {
  id: 'l9',
  name: 'loki',
  namespace: 'default',
  labels: {},
  spec: { loki: { url: 'http://loki:3100' } },
  source: 'UI',
  created_by: 'u1',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
};

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/logging_backends_with_status', { status: 200, body: [] });
  api.reply('GET api/db/logging_backends', { status: 200, body: [created] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
});
beforeAll(stubTextLayout);

async function openAdd() {
  const opened = await openAddDialog('settings/logging_backends', 'Log Backends', <LogBackendPage />);
  return { ...opened, form: within(await screen.findByRole('dialog', { name: 'Add Log Backends' })) };
}

describe('Add Log Backend', () => {
  it('keeps Add disabled while the name is empty, the labels are not a JSON object or the spec is not YAML', async () => {
    const { user, form } = await openAdd();
    const add = form.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.click(form.getByRole('textbox', { name: 'Name' }));
    await user.paste('loki');
    await waitFor(() => expect(add).toBeEnabled());

    await replaceEditorText('Labels', '["not", "an object"]');
    expect(await form.findByText(/Labels must be a JSON object/)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await replaceEditorText('Labels', '{"team": "sre"}');
    await waitFor(() => expect(add).toBeEnabled());

    await replaceEditorText('Spec', 'loki: [unclosed\n');
    await waitFor(() => expect(add).toBeDisabled());
    await replaceEditorText('Spec', 'loki:\n  url: http://loki:3100\n');
    await waitFor(() => expect(add).toBeEnabled());

    await user.clear(form.getByRole('textbox', { name: 'Name' }));
    expect(await form.findByText('This field is required')).toBeInTheDocument();
    expect(add).toBeDisabled();
  });

  it('creates the backend through /api/db with source UI, then opens it', async () => {
    page.api.reply('POST api/db/logging_backends', { status: 201, body: created });
    const { user, form, router } = await openAdd();
    await user.click(form.getByRole('textbox', { name: 'Name' }));
    await user.paste('loki');
    await replaceEditorText('Spec', 'loki:\n  url: http://loki:3100\n');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/logging_backends/l9'));
    expect(await screen.findByText('loki created successfully')).toBeInTheDocument();
    const post = page.sent.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'loki',
      namespace: 'default',
      labels: {},
      spec: { loki: { url: 'http://loki:3100' } },
      source: 'UI',
      created_by: 'u1',
    });
  });

  it("shows the server's refusal of the spec in the form and keeps the input", async () => {
    page.api.reply('POST api/db/logging_backends', {
      status: 422,
      body: { message: 'spec: loki.url is required' },
    });
    const { user, form } = await openAdd();
    await user.click(form.getByRole('textbox', { name: 'Name' }));
    await user.paste('loki');
    await replaceEditorText('Spec', 'loki: {}\n');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText('spec: loki.url is required')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('loki');
  });
});
