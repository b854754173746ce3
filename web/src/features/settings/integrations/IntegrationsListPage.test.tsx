import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { load } from 'js-yaml';
import { GITOPS_WARNING } from '../../../../../common/integrations.js';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import { replaceEditorText } from '../../spec-editor/cluster/test-support.js';
import { UNREACHABLE_TITLE } from './GitOpsValuesStep.js';
import { IntegrationsListPage } from './IntegrationsListPage.js';

const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
const integrations = [
  {
    id: 's1',
    name: 'kubernetes-local',
    namespace: 'mission-control',
    source: 'UI',
    integration_type: 'scrapers',
    agent: { id: 'a1', name: 'acme-prod-eu' },
    job_status: 'SUCCESS',
    job_time_start: hourAgo,
    created_by: { id: 'p1', name: 'Ada Lovelace' },
    created_at: '2024-01-02T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
  },
  {
    id: 'l1',
    name: 'loki',
    namespace: 'default',
    source: 'UI',
    integration_type: 'logging_backends',
    agent: null,
    job_status: null,
    job_time_start: null,
    created_by: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: null,
  },
];

const SCHEMA = {
  type: 'object',
  properties: { replicas: { type: 'integer' }, region: { type: 'string', enum: ['eu', 'us'] } },
};

const chart = (overrides: object = {}) => ({
  key: 'flux',
  chart: 'mission-control-flux',
  version: '1.2.3',
  repositoryUrl: 'https://charts.example/flanksource',
  schema: SCHEMA,
  values: {},
  canApply: false,
  ...overrides,
});

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/integrations_with_status', {
    status: 200,
    body: integrations,
    headers: { 'Content-Range': '0-1/2' },
  });
  api.reply('GET api/integrations/charts/flux', { status: 200, body: chart() });
  api.reply('POST api/integrations/charts/flux/check', { status: 200, body: { problems: [] } });
});

const CHECK = 'api/integrations/charts/flux/check';
const checksSent = () => page.sent.filter((sent) => sent.path === CHECK);
const answerChecks = (body: object) => page.api.reply(`POST ${CHECK}`, { status: 200, body });
beforeAll(stubTextLayout);

function renderList() {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'settings/integrations', element: <IntegrationsListPage /> },
      { path: 'settings/integrations/:type/:id', element: <p>integration page</p> },
    ],
    '/settings/integrations',
  );
  return { user, ...result };
}

async function openDialog() {
  const opened = renderList();
  await opened.user.click(await screen.findByRole('button', { name: 'Add Integration' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
  return { ...opened, dialog };
}

async function openFlux() {
  const opened = await openDialog();
  await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Flux' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Integration: Flux' });
  return { ...opened, dialog };
}

/** Apply, once the chart has loaded and the typed values have been checked. */
async function enabledApply(dialog: HTMLElement): Promise<HTMLElement> {
  const apply = await within(dialog).findByRole('button', { name: 'Apply' });
  await waitFor(() => expect(apply).toBeEnabled());
  return apply;
}

/** The lines of a code viewer as shown (without their line numbers). */
async function shownText(name: string): Promise<string> {
  const region = await screen.findByRole('region', { name });
  return Array.from(
    region.querySelectorAll('code > *'),
    (row) => row.lastElementChild?.textContent ?? '',
  ).join('\n');
}

const fluxText = () => shownText('Flux manifests');

describe('IntegrationsListPage', () => {
  it('asks integrations_with_status for a page, newest first, with the count', async () => {
    renderList();
    const table = await screen.findByRole('grid', { name: 'Integrations' });
    await within(table).findByText('kubernetes-local');
    const request = page.sent.find((sent) => sent.path === 'api/db/integrations_with_status')!;
    expect(request.query.get('order')).toBe('created_at.desc');
    expect(request.query.get('deleted_at')).toBe('is.null');
    expect(request.query.get('select')).toBe('*,created_by(id,name),agent:agent_id(id,name)');
    expect(request.query.get('offset')).toBe('0');
    expect(request.query.get('limit')).toBeTruthy();
  });

  it('shows the type, namespace, source, agent, job status, last run and creator of each row', async () => {
    renderList();
    const table = await screen.findByRole('grid', { name: 'Integrations' });
    const row = (await within(table).findByText('kubernetes-local')).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'kubernetes-local',
      'Catalog Scraper',
      'mission-control',
      'UI',
      'acme-prod-eu',
      'SUCCESS',
      '1 hour ago',
      'Ada Lovelace',
    ]);
    expect(within(table).getByText('Log Backend')).toBeInTheDocument();
  });

  it('opens a row at /settings/integrations/{type}/{id}', async () => {
    const { user, router } = renderList();
    await user.click(await screen.findByText('loki'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/integrations/logging_backends/l1'),
    );
  });

  it('offers Add Integration only to writers of integrations', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderList();
    await screen.findByText('kubernetes-local');
    expect(screen.queryByRole('button', { name: 'Add Integration' })).not.toBeInTheDocument();
  });
});

describe('Add Integration', () => {
  it('shows the GitOps and direct tiles', async () => {
    const { dialog } = await openDialog();
    const gitops = within(dialog).getByRole('list', { name: 'Add via GitOps' });
    expect(
      within(gitops)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual(['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control']);
    const direct = within(dialog).getByRole('list', { name: 'Add Directly' });
    expect(
      within(direct)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual(['Custom Topology', 'Catalog Scraper', 'Log Backends']);
  });

  it('hides the Log Backends tile while the logs feature is off', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('admin', { disabled: ['logs'] }) });
    const { dialog } = await openDialog();
    const direct = within(dialog).getByRole('list', { name: 'Add Directly' });
    expect(within(direct).getByRole('button', { name: 'Catalog Scraper' })).toBeInTheDocument();
    expect(within(direct).queryByRole('button', { name: 'Log Backends' })).not.toBeInTheDocument();
  });

  it('previews the Flux manifests and the Helm command with the defaults and the typed values', async () => {
    const { user, dialog } = await openFlux();
    expect(within(dialog).getByText(GITOPS_WARNING)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Namespace/ })).toHaveValue('mission-control');
    expect(within(dialog).getByRole('textbox', { name: /^Interval/ })).toHaveValue('30m');
    expect(within(dialog).getByRole('textbox', { name: /^Release name/ })).toHaveValue(
      'mission-control-flux',
    );
    await replaceEditorText('Values', 'replicas: 3\n');

    await waitFor(async () => expect(await fluxText()).toContain('replicas: 3'));
    const [repository, release] = (await fluxText()).split('---').map((doc) => load(doc)) as [
      { kind: string; spec: { url: string; interval: string } },
      {
        kind: string;
        metadata: { namespace: string };
        spec: { values: unknown; chart: { spec: { version: string } } };
      },
    ];
    expect(repository.kind).toBe('HelmRepository');
    expect(repository.spec).toEqual({ interval: '30m', url: 'https://charts.example/flanksource' });
    expect(release.kind).toBe('HelmRelease');
    expect(release.metadata.namespace).toBe('mission-control');
    expect(release.spec.values).toEqual({ replicas: 3 });
    expect(release.spec.chart.spec.version).toBe('1.2.3');

    await user.click(within(dialog).getByRole('tab', { name: 'Helm CLI' }));
    expect((await shownText('Helm CLI command')).split('\n')).toEqual([
      'helm repo add flanksource https://charts.example/flanksource',
      'helm repo update',
      'helm install mission-control-flux flanksource/mission-control-flux \\',
      '  -n mission-control \\',
      '  --create-namespace \\',
      '  --version 1.2.3 \\',
      '  --set replicas=3',
    ]);
  });

  it('has the server check the typed values and says what is wrong at its line', async () => {
    page.api.reply('GET api/integrations/charts/flux', { status: 200, body: chart({ canApply: true }) });
    answerChecks({ problems: [{ path: '/region', message: 'must be one of "eu", "us"' }] });
    const { dialog } = await openFlux();
    const apply = await within(dialog).findByRole('button', { name: 'Apply' });
    await replaceEditorText('Values', 'replicas: 2\nregion: mars\n');
    expect(await within(dialog).findByText('Line 2: region must be one of "eu", "us"')).toBeInTheDocument();
    expect(apply).toBeDisabled();
    expect(checksSent().at(-1)?.body).toEqual({ values: { replicas: 2, region: 'mars' } });

    answerChecks({ problems: [] });
    await replaceEditorText('Values', 'replicas: 2\nregion: eu\n');
    await waitFor(() => expect(apply).toBeEnabled());
    expect(within(dialog).queryByText(/^Line 2:/)).not.toBeInTheDocument();
    expect(checksSent().at(-1)?.body).toEqual({ values: { replicas: 2, region: 'eu' } });
    expect(
      within(dialog).getByText('Checked against the values schema of mission-control-flux.'),
    ).toBeInTheDocument();
  });

  it('finds a YAML error at once, without asking the server', async () => {
    page.api.reply('GET api/integrations/charts/flux', { status: 200, body: chart({ canApply: true }) });
    const { dialog } = await openFlux();
    await replaceEditorText('Values', 'replicas: 2\n');
    const apply = await enabledApply(dialog);
    const asked = checksSent().length;
    await replaceEditorText('Values', 'replicas: [\n');
    expect(apply).toBeDisabled();
    expect(await within(dialog).findByText(/^Line \d+: /)).toBeInTheDocument();
    expect(checksSent().length).toBe(asked);
  });

  it('shows a problem of the values as a whole at the first line', async () => {
    page.api.reply('GET api/integrations/charts/flux', { status: 200, body: chart({ canApply: true }) });
    answerChecks({ problems: [{ path: '', message: "must have required property 'region'" }] });
    const { dialog } = await openFlux();
    await replaceEditorText('Values', 'replicas: 2\nregion: null\n');
    expect(
      await within(dialog).findByText("Line 1: values must have required property 'region'"),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('says when the server could not check the values, and lets them be applied', async () => {
    page.api.reply('GET api/integrations/charts/flux', { status: 200, body: chart({ canApply: true }) });
    answerChecks({
      problems: [],
      unchecked:
        "Could not reach the chart repository. The values are not checked against the chart's schema.",
    });
    const { dialog } = await openFlux();
    await replaceEditorText('Values', 'replicas: 2\n');
    expect(
      await within(dialog).findByText(
        "Could not reach the chart repository. The values are not checked against the chart's schema.",
      ),
    ).toBeInTheDocument();
    await enabledApply(dialog);
  });

  it('checks nothing when the chart has no schema', async () => {
    page.api.reply('GET api/integrations/charts/flux', {
      status: 200,
      body: chart({
        canApply: true,
        schema: null,
        error: 'The chart mission-control-flux 1.2.3 has no values schema.',
      }),
    });
    const { dialog } = await openFlux();
    await replaceEditorText('Values', 'anything: [1, 2]\n');
    await enabledApply(dialog);
    await waitFor(async () => expect(await fluxText()).toContain('anything:'));
    expect(checksSent()).toEqual([]);
  });

  it('says where Apply would be why it cannot work', async () => {
    page.api.reply('GET api/integrations/charts/flux', {
      status: 200,
      body: chart({
        canApply: false,
        applyUnavailable: 'Flux is not installed in the cluster: it does not serve HelmRelease resources.',
      }),
    });
    const { dialog } = await openFlux();
    const footer = within(dialog).getByRole('contentinfo');
    expect(
      await within(footer).findByText(
        'Flux is not installed in the cluster: it does not serve HelmRelease resources.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('offers no Apply when the console cannot apply', async () => {
    const { dialog } = await openFlux();
    await waitFor(async () => expect(await fluxText()).toContain('version: 1.2.3'));
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('applies the release, says what it created, refreshes the list and closes', async () => {
    page.api.reply('GET api/integrations/charts/flux', { status: 200, body: chart({ canApply: true }) });
    page.api.reply('POST api/integrations/apply', {
      status: 200,
      body: {
        objects: [
          { kind: 'Namespace', name: 'mission-control', action: 'created' },
          { kind: 'HelmRepository', name: 'flanksource', namespace: 'mission-control', action: 'created' },
          {
            kind: 'HelmRelease',
            name: 'mission-control-flux',
            namespace: 'mission-control',
            action: 'created',
          },
        ],
      },
    });
    const { user, dialog } = await openFlux();
    await replaceEditorText('Values', 'replicas: 2\n');
    const lists = page.sent.filter((sent) => sent.path === 'api/db/integrations_with_status').length;
    await user.click(await enabledApply(dialog));
    expect(
      await screen.findByText('HelmRelease mission-control/mission-control-flux created'),
    ).toBeInTheDocument();
    expect(screen.getByText('Namespace mission-control created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = page.sent.find((request) => request.path === 'api/integrations/apply')!;
    expect(sent.body).toEqual({
      key: 'flux',
      name: 'mission-control-flux',
      namespace: 'mission-control',
      interval: '30m',
      values: { replicas: 2 },
      version: '1.2.3',
    });
    await waitFor(() =>
      expect(
        page.sent.filter((request) => request.path === 'api/db/integrations_with_status').length,
      ).toBeGreaterThan(lists),
    );
  });

  it("shows the server's refusal of Apply and keeps the input", async () => {
    page.api.reply('GET api/integrations/charts/flux', { status: 200, body: chart({ canApply: true }) });
    page.api.reply('POST api/integrations/apply', {
      status: 503,
      body: { error: 'No cluster is connected' },
    });
    const { user, dialog } = await openFlux();
    await replaceEditorText('Values', 'replicas: 2\n');
    await user.click(await enabledApply(dialog));
    expect(await within(dialog).findByText('No cluster is connected')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Namespace/ })).toHaveValue('mission-control');
  });

  it('says when the chart repository cannot be reached and keeps a plain values editor', async () => {
    page.api.reply('GET api/integrations/charts/flux', {
      status: 200,
      body: chart({ schema: null, error: 'getaddrinfo ENOTFOUND charts.example' }),
    });
    const { dialog } = await openFlux();
    expect(await within(dialog).findByText(UNREACHABLE_TITLE)).toBeInTheDocument();
    expect(within(dialog).getByText('getaddrinfo ENOTFOUND charts.example')).toBeInTheDocument();
    await replaceEditorText('Values', 'anything: [1, 2]\n');
    await waitFor(async () => expect(await fluxText()).toContain('anything:'));
  });

  it('goes Back to the tiles', async () => {
    const { user, dialog } = await openFlux();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('list', { name: 'Add via GitOps' })).toBeInTheDocument();
  });
});
