import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest, renderInShell } from '../../../shell/test-support.js';
import { replaceEditorText } from '../../spec-editor/cluster/test-support.js';
import { IntegrationPage } from './IntegrationPage.js';

const loki = {
  id: 'l1',
  name: 'loki',
  namespace: 'default',
  labels: { team: 'sre' },
  spec: { loki: { url: 'http://loki:3100' } },
  source: 'UI',
  created_by: 'u1',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
};

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/logging_backends', { status: 200, body: [loki] });
  api.reply('GET api/db/job_histories', { status: 200, body: [] });
  api.reply('GET api/kube/status', { status: 200, body: { configured: false } });
});
beforeAll(stubTextLayout);

function renderPage(path: string) {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'settings/integrations', element: <p>integrations list</p> },
      { path: 'settings/integrations/:type/:id', element: <IntegrationPage /> },
    ],
    path,
  );
  return { user, ...result };
}

describe('IntegrationPage', () => {
  it('says "Unknown type" for a type that is not an integration', async () => {
    renderPage('/settings/integrations/dashboards/x1');
    expect(await screen.findByText('Unknown type')).toBeInTheDocument();
  });

  it("shows a log backend's Spec and Job History, and returns to the list after Update", async () => {
    page.api.reply('PATCH api/db/logging_backends', { status: 200, body: { ...loki, spec: { loki: {} } } });
    const { user, router } = renderPage('/settings/integrations/logging_backends/l1');
    expect(await screen.findByRole('tab', { name: 'Spec', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('loki');
    expect(screen.getByRole('textbox', { name: 'Source' })).toHaveValue('UI');
    await replaceEditorText('Spec', 'loki: {}\n');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    expect(await screen.findByText('loki updated successfully')).toBeInTheDocument();
    const patch = page.sent.find((request) => request.method === 'PATCH')!;
    expect(patch.query.get('id')).toBe('eq.l1');
    expect(patch.body).toEqual({ labels: { team: 'sre' }, spec: { loki: {} }, source: 'UI' });
  });

  it('deletes a log backend after confirmation (deleted_at) and returns to the list', async () => {
    page.api.reply('PATCH api/db/logging_backends', { status: 204 });
    const { user, router } = renderPage('/settings/integrations/logging_backends/l1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Log Backend' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
    const patch = page.sent.find((request) => request.method === 'PATCH')!;
    expect(Object.keys(patch.body as object)).toEqual(['deleted_at']);
    expect(await screen.findByText('loki deleted successfully')).toBeInTheDocument();
  });

  it("shows a topology in the topology editor, under the integrations' breadcrumb", async () => {
    page.api.reply('GET api/db/topologies', {
      status: 200,
      body: [{ ...loki, id: 't1', name: 'shop', spec: { type: 'Website' }, icon: null, schedule: null }],
    });
    renderPage('/settings/integrations/topologies/t1');
    expect(await screen.findByRole('tab', { name: 'Spec', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(/› shop/)).toBeInTheDocument();
    const breadcrumb = screen
      .getAllByRole('link', { name: 'Integrations' })
      .filter((link) => !link.hasAttribute('aria-current'));
    expect(breadcrumb).toHaveLength(1);
    expect(breadcrumb[0]).toHaveAttribute('href', '/settings/integrations');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('shop');
  });
});
