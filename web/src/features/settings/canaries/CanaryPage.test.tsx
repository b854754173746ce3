import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { load } from 'js-yaml';
import { renderInShell, fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { VALIDATE_DEBOUNCE_MS } from '../../../components/SpecResource/index.js';
import { CanaryPage } from './CanaryPage.js';
import { holdRequests, savedRow } from '../../spec-editor/test-support.js';
import { clusterStatus, kubeObject } from '../../spec-editor/cluster/test-support.js';

const canary = savedRow({
  id: 'c1',
  name: 'payments-api',
  namespace: 'payments',
  icon: null,
  labels: { team: 'payments' },
  schedule: '@every 1m',
  spec: { http: [{ url: 'https://pay.example.com', name: 'pay home', method: 'GET' }] },
});

const jobs = [
  {
    id: 'j1',
    name: 'HealthCheck',
    resource_type: 'canary',
    resource_id: 'c1',
    resource_name: 'payments-api',
    status: 'WARNING',
    time_start: '2024-01-01T00:00:00Z',
    time_end: '2024-01-01T00:00:02Z',
    duration_millis: 1250,
    success_count: 3,
    error_count: 1,
    details: { errors: ['pay home: status 503'] },
    created_at: '2024-01-01T00:00:00Z',
  },
];

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/canaries', { status: 200, body: [canary] });
  api.reply('GET api/db/job_histories', { status: 200, body: jobs });
  api.reply('POST api/specs/canaries/validate', { status: 200, body: { valid: true, errors: [] } });
});
beforeAll(stubTextLayout);

const writes = () => page.sent.filter((request) => request.method === 'PATCH');

function renderCanary(path = '/settings/canaries/c1') {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'settings/canaries', element: <p>canary list</p> },
      { path: 'settings/canaries/:id', element: <CanaryPage /> },
    ],
    path,
  );
  return { user, ...result };
}

describe('CanaryPage', () => {
  it('offers no Agent while there is no agent', async () => {
    page.api.reply('GET api/db/agents', { status: 200, body: [] });
    renderCanary();
    await screen.findByRole('textbox', { name: 'URL' });
    expect(screen.queryByRole('combobox', { name: 'Agent' })).not.toBeInTheDocument();
  });

  it('assigns the health check to a live agent: the Agent select, saved as agent_id', async () => {
    page.api.reply('GET api/db/agents', { status: 200, body: [{ id: 'a1', name: 'eu-1' }] });
    page.api.reply('PATCH api/db/canaries', { status: 200, body: { ...canary, agent_id: 'a1' } });
    const { user } = renderCanary();
    const agent = await screen.findByRole('combobox', { name: 'Agent' });
    expect(agent).toHaveValue('00000000-0000-0000-0000-000000000000');
    const asked = page.sent.find((request) => request.path === 'api/db/agents')!;
    expect(asked.query.get('deleted_at')).toBe('is.null');
    expect(asked.query.get('id')).toBe('neq.00000000-0000-0000-0000-000000000000');
    await user.selectOptions(agent, 'eu-1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('payments-api updated successfully')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual({ agent_id: 'a1', source: 'UI' });
  });

  it('loads the health check by id, with its breadcrumb, fields and Update', async () => {
    renderCanary();
    const url = await screen.findByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://pay.example.com');
    expect(screen.getByRole('textbox', { name: 'Check Name' })).toHaveValue('pay home');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Health Check › payments-api');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByRole('link', { name: 'Health Check' })).toHaveAttribute(
      'href',
      '/settings/canaries',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Namespace' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue('@every 1m');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(page.sent.find((request) => request.path === 'api/db/canaries')!.query.get('id')).toBe('eq.c1');
  });

  it("updates only what changed, with source UI, saying 'Updating' while it saves", async () => {
    const { user } = renderCanary();
    const url = await screen.findByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.click(url);
    await user.paste('https://pay.example.org');
    const held = holdRequests('PATCH');
    try {
      page.api.reply('PATCH api/db/canaries', {
        status: 200,
        body: { ...canary, updated_at: '2024-01-02T00:00:00Z' },
      });
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByRole('button', { name: /Updating/ })).toBeDisabled();
      held.release();
      expect(await screen.findByText('payments-api updated successfully')).toBeInTheDocument();
    } finally {
      held.restore();
    }
    expect(writes()).toHaveLength(1);
    expect(writes()[0]!.query.get('id')).toBe('eq.c1');
    expect(writes()[0]!.body).toEqual({
      spec: { http: [{ url: 'https://pay.example.org', name: 'pay home', method: 'GET' }] },
      source: 'UI',
    });
  });

  it("shows the server's message when an update fails", async () => {
    page.api.reply('PATCH api/db/canaries', { status: 500, body: { message: 'the database is read-only' } });
    const { user } = renderCanary();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Schedule' }), '@daily');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('the database is read-only')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual({ schedule: '@daily', source: 'UI' });
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveValue('@daily');
  });

  it('lists the YAML problems the server finds, at their lines, and blocks Update', async () => {
    page.api.reply('POST api/specs/canaries/validate', {
      status: 200,
      body: {
        valid: false,
        errors: [
          { line: 2, column: 5, path: '/http/0', message: "http[0]: must have required property 'url'" },
        ],
      },
    });
    const { user } = renderCanary();
    await user.click(await screen.findByRole('tab', { name: 'Code' }));
    const content = await screen.findByRole('textbox', { name: 'Spec' });
    const view = EditorView.findFromDOM(content)!;
    expect(load(view.state.doc.toString())).toEqual(canary.spec);
    const text = view.state.doc.toString();
    act(() => view.dispatch({ changes: { from: text.indexOf('    url:'), to: text.length, insert: '' } }));

    const problem = await screen.findByRole('button', {
      name: "Line 2: http[0]: must have required property 'url'",
    });
    expect(problem).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    const validate = page.sent.filter((request) => request.path === 'api/specs/canaries/validate');
    expect(validate[validate.length - 1]!.body).toEqual({ yaml: view.state.doc.toString() });
  });

  it('marks a YAML syntax error at its line without asking the server', async () => {
    const { user } = renderCanary();
    await user.click(await screen.findByRole('tab', { name: 'Code' }));
    const view = EditorView.findFromDOM(await screen.findByRole('textbox', { name: 'Spec' }))!;
    const before = page.sent.filter((request) => request.path === 'api/specs/canaries/validate').length;
    const method = view.state.doc.toString().indexOf('    method:');
    // One space short: the entry's second key no longer lines up.
    act(() => view.dispatch({ changes: { from: method, to: method + 1, insert: '' } }));
    expect(
      await screen.findByRole('button', { name: 'Line 3: bad indentation of a sequence entry' }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, VALIDATE_DEBOUNCE_MS + 100));
    expect(page.sent.filter((request) => request.path === 'api/specs/canaries/validate')).toHaveLength(
      before,
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('keeps labels that are not JSON from being saved', async () => {
    const { user } = renderCanary();
    await screen.findByRole('textbox', { name: 'URL' });
    const view = EditorView.findFromDOM(await screen.findByRole('textbox', { name: 'Labels' }))!;
    act(() => view.dispatch({ changes: { from: 0, insert: 'x' } }));
    expect(await screen.findByRole('button', { name: /^Line 1: / })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(writes()).toEqual([]);
  });

  it('is read-only with a note naming the custom resource when the cluster manages it', async () => {
    page.api.reply('GET api/db/canaries', { status: 200, body: [{ ...canary, source: 'KubernetesCRD' }] });
    renderCanary();
    expect(
      await screen.findByText(
        'This health check is managed by Canary payments/payments-api in the cluster and is read-only here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('edits a Canary from the cluster there, its icon and schedule in the spec', async () => {
    const spec = { http: [{ name: 'pay home', url: 'https://pay.example.com' }] };
    const live = kubeObject(
      'canaries',
      { name: 'payments-api', namespace: 'payments', labels: { team: 'payments' } },
      { ...spec, icon: 'http', schedule: '@every 1m' },
    );
    const kube = 'api/kube/canaries/payments/payments-api';
    page.api.reply('GET api/db/canaries', {
      status: 200,
      body: [{ ...canary, id: 'uid-payments-api', source: 'KubernetesCRD' }],
    });
    page.api.reply('GET api/kube/status', { status: 200, body: clusterStatus() });
    page.api.reply(`GET ${kube}`, { status: 200, body: { object: live } });
    const result = { ...live, spec: { ...live.spec, schedule: '@daily' } };
    page.api.reply(`POST ${kube}/dry-run`, { status: 200, body: { live, result } });
    page.api.reply(`PUT ${kube}`, { status: 200, body: { object: result } });
    const { user } = renderCanary('/settings/canaries/uid-payments-api');

    await user.click(await screen.findByRole('button', { name: 'Edit in cluster' }));
    expect(
      await screen.findByText('Editing Canary payments/payments-api in the cluster'),
    ).toBeInTheDocument();
    // The health check's own Icon comes first (the check form has one too).
    expect(screen.getAllByRole('textbox', { name: 'Icon' })[0]).toHaveValue('http');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schedule' }), '@daily');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save to the cluster' });
    expect(await within(dialog).findByText("- schedule: '@every 1m'")).toBeInTheDocument();
    expect(within(dialog).getByText("+ schedule: '@daily'")).toBeInTheDocument();
    const dryRun = page.sent.find((request) => request.path === `${kube}/dry-run`)!;
    expect(dryRun.body).toMatchObject({
      metadata: { labels: { team: 'payments' } },
      spec: { ...spec, icon: 'http', schedule: '@daily' },
      resourceVersion: '41',
      // Status writes move the resourceVersion every interval; only a spec change is a conflict.
      generation: 3,
    });
    expect(load((dryRun.body as { specYaml: string }).specYaml)).toEqual(spec);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('payments-api updated successfully')).toBeInTheDocument();
    expect(page.sent.filter((request) => request.method === 'PUT' && request.path === kube)).toHaveLength(1);
    expect(writes()).toEqual([]);
  });

  it("opens the Code tab at the cluster's errors when its dry run refuses a field", async () => {
    const kube = 'api/kube/canaries/payments/payments-api';
    page.api.reply('GET api/kube/status', { status: 200, body: clusterStatus() });
    page.api.reply(`POST ${kube}/dry-run`, {
      status: 422,
      body: {
        code: 'KUBE422',
        message: 'Canary is invalid',
        details: null,
        hint: null,
        reason: 'Invalid',
        fieldErrors: [{ field: 'spec.http[0].url', message: 'Invalid value', line: 4, column: 10 }],
      },
    });
    const { user } = renderCanary();
    const cluster = await screen.findByRole('radio', { name: 'Cluster (custom resource)' });
    await waitFor(() => expect(cluster).toBeEnabled());
    await user.click(cluster);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to the cluster' });
    await user.click(await within(dialog).findByRole('button', { name: 'Back to the editor' }));
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByRole('button', { name: 'Line 4: spec.http[0].url: Invalid value' }),
    ).toBeInTheDocument();
    const dryRun = page.sent.find((request) => request.path === `${kube}/dry-run`)!;
    // A health check saved from the database to the cluster is created there: no resourceVersion.
    expect(dryRun.body).not.toHaveProperty('resourceVersion');
  });

  it('names any other source that manages it', async () => {
    page.api.reply('GET api/db/canaries', { status: 200, body: [{ ...canary, source: 'Flux' }] });
    renderCanary();
    expect(
      await screen.findByText('This health check is managed by Flux and is read-only here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('is read-only for those who may not write canaries', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderCanary();
    expect(await screen.findByRole('textbox', { name: 'URL' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByText(/is read-only here/)).not.toBeInTheDocument();
  });

  it('deletes softly after confirming, then returns to the list', async () => {
    page.api.reply('PATCH api/db/canaries', { status: 204 });
    const { user, router } = renderCanary();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Health Check' });
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('payments-api deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
    expect(writes()[0]!.query.get('id')).toBe('eq.c1');
    expect(Object.keys(writes()[0]!.body as object)).toEqual(['deleted_at']);
  });

  it('shows the job history, newest first, with status colours', async () => {
    const { user } = renderCanary();
    await user.click(await screen.findByRole('tab', { name: 'Job History' }));
    const table = await screen.findByRole('grid', { name: 'Job history' });
    const row = (await within(table).findByText('HealthCheck')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'HealthCheck',
      'WARNING',
      expect.stringMatching(/ago$/),
      '1.25s',
      '3',
      '1',
      'Details',
    ]);
    expect(within(row).getByText('WARNING').closest('.pf-v6-c-label')).toHaveClass('pf-m-orange');
    const query = page.sent.find((request) => request.path === 'api/db/job_histories')!.query;
    expect(query.get('resource_id')).toBe('eq.c1');
    expect(query.get('order')).toBe('created_at.desc');
    expect(query.get('limit')).toBe('150');
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    expect(await screen.findByRole('dialog', { name: 'Details for job HealthCheck' })).toHaveTextContent(
      'pay home: status 503',
    );
  });

  it("hints at the fields of the spec's kinds, from the server's schema", async () => {
    page.api.reply('GET api/specs/canaries/schema', {
      status: 200,
      body: {
        type: 'object',
        properties: {
          http: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'url'],
              properties: { name: {}, url: {}, method: {} },
            },
          },
        },
      },
    });
    const { user } = renderCanary();
    await user.click(await screen.findByRole('tab', { name: 'Code' }));
    expect(await screen.findByText('http: name*, url*, method')).toBeInTheDocument();
  });

  it("says 'No resources found' for an unknown id", async () => {
    page.api.reply('GET api/db/canaries', { status: 200, body: [] });
    renderCanary('/settings/canaries/missing');
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });
});
