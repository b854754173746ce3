import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { linkedReadOnly } from '../../../../common/managed.js';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../shell/test-support.js';
import { PlaybookRunPage } from './PlaybookRunPage.js';
import { actionRow, PLAYBOOK_ID, RUN_ID, runDetail } from './test-support.js';
import type { RunAction, RunDetail } from './types.js';

const RUN_PATH = `api/playbook/run/${RUN_ID}`;
const NEW_RUN = '44444444-4444-4444-8444-444444444444';

const build = actionRow({
  id: 'a1',
  name: 'build',
  result: { stdout: 'compiled 12 files', stderr: 'warning: unused import' },
});
const skipped = actionRow({ id: 'a2', name: 'notify', status: 'skipped', start_time: null, end_time: null });
const deploy = actionRow({ id: 'a3', name: 'deploy', result: { stdout: 'deployed v2' } });

/** The run's actions as the run answers them: the output is read from each action's row. */
const withoutResults = (...actions: RunAction[]) => actions.map((action) => ({ ...action, result: null }));

const page = fakeApiPerTest((api) => {
  api.reply(`GET ${RUN_PATH}`, {
    status: 200,
    body: runDetail({ actions: withoutResults(build, skipped, deploy) }),
  });
  api.reply('GET api/db/playbook_runs', {
    status: 200,
    body: {
      id: RUN_ID,
      playbook: { id: PLAYBOOK_ID, name: 'restart', title: 'Restart', icon: null },
      creator: { id: 'u1', name: 'Jane Doe', avatar: null },
      component: null,
      config: null,
      check: { id: 'c1', name: 'api-health' },
    },
  });
  api.reply('GET api/db/playbook_run_actions', { status: 200, body: deploy });
});

function replyRun(run: RunDetail) {
  page.api.reply(`GET ${RUN_PATH}`, { status: 200, body: run });
}

function renderRun(role: Parameters<typeof whoamiAs>[0] = 'admin') {
  page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs(role) });
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'playbooks/runs/:id', element: <PlaybookRunPage /> },
      { path: 'playbooks/:id', element: <p>playbook page</p> },
    ],
    `/playbooks/runs/${RUN_ID}`,
  );
  return { ...result, user };
}

const runRequests = () => page.sent.filter((r) => r.method === 'GET' && r.path === RUN_PATH);
const actionRequests = () =>
  page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/playbook_run_actions');
const details = () => screen.getByRole('region', { name: 'Run details' });
/** The value of a detail of the run: 'Status', 'Duration'. */
const detail = (term: string) =>
  within(details()).getByText(term).closest('.pf-v6-c-description-list__group')!.querySelector('dd')!;
const actions = () => screen.getByRole('navigation', { name: 'Actions' });
const step = (name: RegExp) => within(actions()).getByRole('button', { name });
const output = (name: string) => screen.getByRole('region', { name: `Output of ${name}` });

describe('PlaybookRunPage', () => {
  it('shows the playbook link, status, resource, starter, times and the actions', async () => {
    renderRun();
    expect(await screen.findByRole('link', { name: /Restart/ })).toHaveAttribute(
      'href',
      `/playbooks/${PLAYBOOK_ID}`,
    );
    expect(within(details()).getByText('Completed').closest('[data-status]')).toHaveClass('pf-m-green');
    expect(within(details()).getByRole('link', { name: 'api-health' })).toBeInTheDocument();
    expect(details()).toHaveTextContent('Jane Doe');
    // Started 2 minutes ago and ended 1 minute ago, a minute after it was created.
    expect(detail('Duration')).toHaveTextContent(/^1m/);
    expect(detail('Queued')).toHaveTextContent(/^1m/);
    expect(
      within(actions())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringMatching(/^build.*Completed$/),
      expect.stringMatching(/^notify.*Skipped$/),
      expect.stringMatching(/^deploy.*Completed$/),
    ]);
  });

  it("shows the selected action's stdout and stderr; a skipped action cannot be selected", async () => {
    const { user } = renderRun();
    // The last action that ran is shown first.
    expect(
      await within(await screen.findByRole('region', { name: 'Output of deploy' })).findByText('deployed v2'),
    );
    expect(step(/^notify/)).toBeDisabled();

    page.api.reply('GET api/db/playbook_run_actions', { status: 200, body: build });
    await user.click(step(/^build/));
    const panel = await screen.findByRole('region', { name: 'Output of build' });
    expect(await within(panel).findByText('compiled 12 files')).toBeInTheDocument();
    expect(within(panel).getByText('warning: unused import')).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'stderr' })).toBeInTheDocument();
    await waitFor(() => expect(actionRequests().at(-1)!.query.get('id')).toBe('eq.a1'));
  });

  it("shows a failed run's error as the 'Initialization' step 0", async () => {
    replyRun(runDetail({ status: 'failed', error: 'connection "prod-db" not found', actions: [] }));
    renderRun();
    const first = await within(await screen.findByRole('navigation', { name: 'Actions' })).findByRole(
      'button',
      {
        name: /^Initialization/,
      },
    );
    expect(first).toHaveTextContent('Failed');
    expect(
      await within(output('Initialization')).findByText('connection "prod-db" not found'),
    ).toBeInTheDocument();
    // Nothing to read of an action that does not exist.
    expect(actionRequests()).toEqual([]);
  });

  it('polls the run every 2 s and the selected action every 1 s, and stops once they end', async () => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const running = actionRow({
        id: 'a3',
        name: 'deploy',
        status: 'running',
        end_time: null,
        result: null,
      });
      replyRun(runDetail({ status: 'running', end_time: null, actions: [build, running] }));
      page.api.reply('GET api/db/playbook_run_actions', { status: 200, body: running });
      renderRun();
      await within(await screen.findByRole('region', { name: 'Run details' })).findByText('Running');
      await waitFor(() => expect(actionRequests().length).toBeGreaterThan(0));

      const runsBefore = runRequests().length;
      const actionsBefore = actionRequests().length;
      await act(() => jest.advanceTimersByTimeAsync(2_100));
      await waitFor(() => expect(runRequests().length).toBeGreaterThan(runsBefore));
      await waitFor(() => expect(actionRequests().length).toBeGreaterThanOrEqual(actionsBefore + 2));

      // The action and the run end.
      const done = {
        ...running,
        status: 'completed' as const,
        end_time: new Date().toISOString(),
        result: { stdout: 'deployed v3' },
      };
      page.api.reply('GET api/db/playbook_run_actions', { status: 200, body: done });
      replyRun(runDetail({ status: 'completed', actions: [build, done] }));
      await act(() => jest.advanceTimersByTimeAsync(2_100));
      expect(await within(output('deploy')).findByText('deployed v3')).toBeInTheDocument();
      await within(details()).findByText('Completed');

      const runsAtEnd = runRequests().length;
      const actionsAtEnd = actionRequests().length;
      await act(() => jest.advanceTimersByTimeAsync(10_000));
      expect(runRequests().length).toBe(runsAtEnd);
      expect(actionRequests().length).toBe(actionsAtEnd);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the parameters of the run', async () => {
    const { user } = renderRun();
    await user.click(await screen.findByRole('button', { name: 'Params' }));
    const dialog = await screen.findByRole('dialog', { name: 'Parameters' });
    expect(dialog).toHaveTextContent('namespace');
    expect(dialog).toHaveTextContent('shop');
    expect(dialog).toHaveTextContent('replicas');
  });

  it('re-runs with the same playbook, resource and parameters, then opens the new run', async () => {
    page.api.reply('POST api/playbook/run', { status: 201, body: { run_id: NEW_RUN } });
    const { user, router } = renderRun();
    await user.click(await screen.findByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playbooks/runs/${NEW_RUN}`));
    expect(page.sent.find((r) => r.method === 'POST' && r.path === 'api/playbook/run')!.body).toEqual({
      id: PLAYBOOK_ID,
      check_id: 'c1',
      params: { namespace: 'shop', replicas: '2' },
    });
  });

  it("says why a re-run was refused in the server's words", async () => {
    page.api.reply('POST api/playbook/run', {
      status: 400,
      body: { message: 'parameter replicas is required' },
    });
    const { user } = renderRun();
    await user.click(await screen.findByRole('button', { name: 'Re-run' }));
    expect(await screen.findByText('parameter replicas is required')).toBeInTheDocument();
  });

  it('offers neither Re-run nor Cancel nor Approve to a viewer', async () => {
    replyRun(runDetail({ status: 'pending_approval', start_time: null, end_time: null }));
    renderRun('viewer');
    await within(await screen.findByRole('region', { name: 'Run details' })).findByText('Pending approval');
    expect(screen.getByRole('button', { name: 'Params' })).toBeInTheDocument();
    for (const name of ['Re-run', 'Cancel', 'Approve'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it("shows an agent's run linked to the agent, with neither Re-run nor Cancel nor Approve", async () => {
    const agentId = '55555555-5555-4555-8555-555555555555';
    page.api.reply('GET api/db/agents', { status: 200, body: { id: agentId, name: 'eu-1' } });
    replyRun(
      runDetail({
        status: 'pending_approval',
        start_time: null,
        end_time: null,
        agent_id: agentId,
        // Who started it on the agent (the demo's runs name people too): still the agent's.
        created_by: '66666666-6666-4666-8666-666666666666',
      }),
    );
    renderRun('admin');
    expect(await screen.findByText('Linked to eu-1')).toBeInTheDocument();
    expect(screen.getByText(linkedReadOnly('This playbook run', 'eu-1'))).toBeInTheDocument();
    expect(within(details()).getByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Params' })).toBeInTheDocument();
    for (const name of ['Re-run', 'Cancel', 'Approve'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it("shows no link over the console's own run", async () => {
    replyRun(runDetail({ agent_id: LOCAL_AGENT }));
    renderRun('admin');
    await screen.findByRole('button', { name: 'Re-run' });
    expect(screen.queryByText(/^Linked to/)).not.toBeInTheDocument();
  });

  it('cancels a running run after confirming, and shows a refusal', async () => {
    replyRun(runDetail({ status: 'running', end_time: null }));
    page.api.reply(`POST api/playbook/run/cancel/${RUN_ID}`, {
      status: 409,
      body: { message: 'the run has ended' },
    });
    const { user } = renderRun();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel playbook run' });
    expect(page.sent.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText('the run has ended')).toBeInTheDocument();

    page.api.reply(`POST api/playbook/run/cancel/${RUN_ID}`, { status: 200, body: {} });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText('Playbook run cancelled')).toBeInTheDocument();
    expect(
      page.sent.filter((r) => r.method === 'POST' && r.path === `api/playbook/run/cancel/${RUN_ID}`),
    ).toHaveLength(2);
  });

  it('offers no Cancel once the run has ended', async () => {
    renderRun();
    await screen.findByRole('button', { name: 'Re-run' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('approves a run waiting for approval, and shows why the server refused', async () => {
    replyRun(runDetail({ status: 'pending_approval', start_time: null, end_time: null }));
    page.api.reply(`POST api/playbook/run/approve/${RUN_ID}`, {
      status: 403,
      body: { message: 'Only the approvers of this playbook may approve its runs' },
    });
    const { user } = renderRun();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Only the approvers of this playbook may approve its runs'),
    ).toBeInTheDocument();

    page.api.reply(`POST api/playbook/run/approve/${RUN_ID}`, { status: 200, body: {} });
    replyRun(runDetail({ status: 'scheduled', start_time: null, end_time: null }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Playbook run approved')).toBeInTheDocument();
    await waitFor(() => expect(detail('Status')).toHaveTextContent('Scheduled'));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('offers Approve only with the approve action', async () => {
    replyRun(runDetail({ status: 'pending_approval', start_time: null, end_time: null }));
    renderRun('responder');
    await screen.findByRole('button', { name: 'Params' });
    await within(details()).findByText('Pending approval');
    const whoami = whoamiAs('responder');
    expect(screen.queryByRole('button', { name: 'Approve' }) !== null).toBe(
      whoami.actions.includes('playbooks.approve'),
    );
  });

  it('says when the run does not exist', async () => {
    page.api.reply(`GET ${RUN_PATH}`, { status: 404, body: { message: 'run not found' } });
    renderRun();
    expect(await screen.findByText('Playbook run not found')).toBeInTheDocument();
  });
});
