import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { load } from 'js-yaml';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { editorNamed, replaceEditorText } from '../../spec-editor/cluster/test-support.js';
import { ResourceListPage } from '../resources/index.js';
import { IncidentRulePage } from './IncidentRulePage.js';

const rule = {
  id: 'r1',
  name: 'gateway-down',
  namespace: 'default',
  labels: {},
  spec: { components: [{ name: 'api-*' }], autoResolve: {} },
  source: 'UI',
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
};

const run = {
  id: 'j1',
  name: 'IncidentRule',
  status: 'SUCCESS',
  time_start: '2026-01-02T00:00:00Z',
  duration_millis: 42,
  success_count: 1,
  error_count: 0,
  details: { opened: 1, resolved: 0, closed: 0 },
  resource_id: 'r1',
  created_at: '2026-01-02T00:00:00Z',
};

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/incident_rules', { status: 200, body: [rule] });
  api.reply('GET api/db/job_histories', { status: 200, body: [run] });
  api.reply('POST api/specs/incident_rules/validate', { status: 200, body: { valid: true, errors: [] } });
});
beforeAll(stubTextLayout);

const sentTo = (method: string, path: string) =>
  page.sent.filter((request) => request.method === method && request.path === path);

function renderRule(search = '') {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'settings/incident_rules', element: <p>rule list</p> },
      { path: 'settings/incident_rules/:id', element: <IncidentRulePage /> },
    ],
    `/settings/incident_rules/r1${search}`,
  );
  return { user, ...result };
}

describe('the incident rule page', () => {
  it('shows the spec as YAML and saves an edit checked against the IncidentRule schema', async () => {
    page.api.reply('PATCH api/db/incident_rules', {
      status: 200,
      body: { ...rule, updated_at: '2026-01-03T00:00:00Z' },
    });
    const { user } = renderRule();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Rules › gateway-down');
    expect(load((await editorNamed('Spec')).state.doc.toString())).toEqual(rule.spec);

    const spec = 'autoClose: {}\ncomponents:\n  - name: api-*\n';
    await replaceEditorText('Spec', spec);
    await waitFor(() =>
      expect(sentTo('POST', 'api/specs/incident_rules/validate').at(-1)?.body).toEqual({ yaml: spec }),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('gateway-down updated successfully')).toBeInTheDocument();
    const [patch] = sentTo('PATCH', 'api/db/incident_rules');
    expect(patch!.query.get('id')).toBe('eq.r1');
    expect(patch!.body).toEqual({ spec: { autoClose: {}, components: [{ name: 'api-*' }] }, source: 'UI' });
  });

  it('marks the problems the schema finds at their lines and blocks Update', async () => {
    page.api.reply('POST api/specs/incident_rules/validate', {
      status: 200,
      body: {
        valid: false,
        errors: [
          {
            line: 1,
            column: 1,
            path: '/autoResolv',
            message: "must NOT have additional property 'autoResolv'",
          },
        ],
      },
    });
    renderRule();
    expect(
      await screen.findByRole('button', { name: "Line 1: must NOT have additional property 'autoResolv'" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it("lists the rule's runs on Job History and keeps the tab in the URL", async () => {
    const { user, router } = renderRule();
    await user.click(await screen.findByRole('tab', { name: 'Job History' }));
    const table = await screen.findByRole('grid', { name: 'Job history' });
    expect(await within(table).findByText('IncidentRule')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=jobs');
    expect(sentTo('GET', 'api/db/job_histories')[0]!.query.get('resource_id')).toBe('eq.r1');
  });

  it('deletes after confirming, then returns to the list', async () => {
    page.api.reply('PATCH api/db/incident_rules', { status: 204 });
    const { user, router } = renderRule();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Incident Rule' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Incident Rule gateway-down?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('gateway-down deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/incident_rules'));
    expect(Object.keys(sentTo('PATCH', 'api/db/incident_rules')[0]!.body as object)).toEqual(['deleted_at']);
  });

  it('is read-only for a viewer', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderRule();
    expect(await editorNamed('Spec')).toBeDefined();
    expect(await screen.findByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("says 'No resources found' for a deleted rule", async () => {
    page.api.reply('GET api/db/incident_rules', { status: 200, body: [] });
    renderRule();
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });
});

describe('adding an incident rule', () => {
  it('opens from the Rules list, saves the name and spec, and opens the new rule', async () => {
    page.api.reply('GET api/db/incident_rules_with_status', { status: 200, body: [] });
    page.api.reply('POST api/db/incident_rules', {
      status: 201,
      body: { ...rule, id: 'r2', name: 'db-down' },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderInShell(
      [
        { path: 'settings/:table', element: <ResourceListPage /> },
        { path: 'settings/incident_rules/:id', element: <p>rule page</p> },
      ],
      '/settings/incident_rules',
    );
    await user.click(await screen.findByRole('button', { name: 'Add Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Incident Rule' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'db-down');
    const spec = 'components:\n  - name: db\nautoResolve: {}\n';
    await replaceEditorText('Spec', spec);
    await waitFor(() =>
      expect(sentTo('POST', 'api/specs/incident_rules/validate').at(-1)?.body).toEqual({ yaml: spec }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('db-down created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/incident_rules/r2'));
    expect(sentTo('POST', 'api/db/incident_rules')[0]!.body).toMatchObject({
      name: 'db-down',
      spec: { components: [{ name: 'db' }], autoResolve: {} },
      source: 'UI',
    });
  });
});
