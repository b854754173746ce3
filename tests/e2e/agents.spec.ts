import type { APIRequest, APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { freePort } from '../support/free-port.js';
import { startConsole } from './consoles.js';
import { AgentsPage } from './pages/agents-page.js';

const ACCESS_TOKEN_NOTE = 'Access token will be shown only once. Please copy it and store it securely.';
const AGENT_ADMIN_PASSWORD = 'agent-admin-e2e';

/** The API of another console, signed in as its administrator, sending the CSRF header. */
async function signedInApi(
  request: APIRequest,
  baseURL: string,
  password: string,
): Promise<APIRequestContext> {
  // Without the suite's own sign-in, which every context starts with (playwright.config.ts).
  const signIn = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const answer = await signIn.post('api/auth/login', { data: { username: 'admin', password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const storageState = await signIn.storageState();
  await signIn.dispose();
  const csrf = storageState.cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return request.newContext({ baseURL, storageState, extraHTTPHeaders: { 'X-CSRF-Token': csrf } });
}

test('create an agent, copy its token, see how to install it, start it, see it Online with its counts and its playbook run linked to it, delete it with its resources', async ({
  page,
  context,
  playwright,
  baseURL,
  adminApi,
}) => {
  // A second console starts here and reports within a few pull intervals.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const agents = new AgentsPage(page);
  const name = `e2e-agent-${Date.now().toString(36)}`;
  await agents.open();
  await agents.addAgent({
    name,
    description: 'Made by the e2e suite',
    property: ['env', 'e2e'],
    kubernetesInterval: '1h',
  });
  await expect(agents.toast('Agent created')).toBeVisible();

  const instructions = agents.instructions();
  await expect(instructions.getByText(ACCESS_TOKEN_NOTE)).toBeVisible();
  const token = await agents.accessToken();
  expect(token.length).toBeGreaterThan(16);
  await agents.copyAccessToken();
  await expect(agents.toast('Copied to clipboard')).toBeVisible();
  expect(await agents.clipboardText()).toBe(token);
  await expectAccessible(page);

  // The console as the browser reaches it, under its base path.
  const upstream = new URL(baseURL!).href.replace(/\/$/, '');
  const flux = await agents.installation('Flux');
  await expect(flux).toContainText('kind: HelmRelease');
  await expect(flux).toContainText('chart: ops-console');
  await expect(flux).toContainText(`url: ${upstream}`);
  await expect(flux).toContainText(`agentName: ${name}`);
  await expect(flux).toContainText(`token: ${token}`);
  const helm = await agents.installation('Helm CLI');
  await expect(helm).toContainText('helm install ops-console-agent ops-console/ops-console');
  await expect(helm).toContainText(`--set upstream.url=${upstream}`);
  await expect(helm).toContainText(`--set upstream.agentName=${name}`);
  await expect(helm).toContainText('--set upstream.createSecret=true');
  await expect(helm).toContainText(`--set upstream.token=${token}`);
  await agents.closeInstructions();

  await expect(agents.row(name)).toContainText('Made by the e2e suite');
  // Never seen: no status yet.
  await expect(agents.row(name)).not.toContainText(/Online|Offline/);

  // The test starts an agent with that token, as the Helm command would; the hub assigns it a
  // canary, which it pulls, runs and reports: the list shows it Online with its counts.
  const agentPort = await freePort();
  const agent = await startConsole(
    {
      UPSTREAM_URL: new URL(baseURL!).href,
      UPSTREAM_TOKEN: token,
      AGENT_NAME: name,
      UPSTREAM_PING_INTERVAL: '2s',
      UPSTREAM_PULL_INTERVAL: '2s',
      ADMIN_PASSWORD: AGENT_ADMIN_PASSWORD,
    },
    agentPort,
  );
  const hubToken = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const found = (await (
      await adminApi.get(`api/db/agents?select=id&name=eq.${name}&deleted_at=is.null`)
    ).json()) as { id: string }[];
    expect(found).toHaveLength(1);
    const agentId = found[0]!.id;
    const assigned = await adminApi.post('api/db/canaries', {
      data: {
        name: `${name}-self`,
        namespace: 'e2e',
        agent_id: agentId,
        schedule: '@every 5s',
        spec: { http: [{ name: `${name}-healthz`, url: `http://127.0.0.1:${agentPort}/healthz` }] },
      },
    });
    expect(assigned.status(), await assigned.text()).toBe(201);
    await expect(async () => {
      await page.reload();
      await expect(agents.cell(name, 'Status')).toHaveText('Online');
      await expect(agents.cell(name, 'Checks')).toHaveText('1');
    }).toPass({ timeout: 90_000 });

    // A playbook the hub assigns to the agent is pulled and run there; its run comes back to the
    // hub, where it is the agent's: linked to it, with its output, and nothing to change here.
    const created = await adminApi.post('api/db/playbooks', {
      headers: { Prefer: 'return=representation' },
      data: {
        name: `${name}-greet`,
        namespace: 'e2e',
        title: `Greet from ${name}`,
        spec: { runsOn: [name], actions: [{ name: 'greet', exec: { script: 'echo hello from the agent' } }] },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const playbookId = ((await created.json()) as { id: string }[])[0]!.id;
    const agentApi = await signedInApi(
      playwright.request,
      `http://127.0.0.1:${agentPort}/`,
      AGENT_ADMIN_PASSWORD,
    );
    let runId = '';
    try {
      await expect(async () => {
        const started = await agentApi.post('api/playbook/run', { data: { id: playbookId } });
        expect(started.status(), await started.text()).toBe(201);
        runId = ((await started.json()) as { run_id: string }).run_id;
      }).toPass({ timeout: 60_000 });
    } finally {
      await agentApi.dispose();
    }
    await expect(async () => {
      await page.goto(`playbooks/runs/${runId}`);
      await expect(page.getByText(`Linked to ${name}`)).toBeVisible({ timeout: 5_000 });
      await expect(page.getByRole('region', { name: 'Output of greet' })).toContainText(
        'hello from the agent',
        { timeout: 5_000 },
      );
    }).toPass({ timeout: 90_000 });
    await expect(page.getByRole('button', { name: 'Params' })).toBeVisible();
    for (const button of ['Re-run', 'Cancel', 'Approve'])
      await expect(page.getByRole('button', { name: button, exact: true })).toHaveCount(0);

    await agents.open();
    await agents.deleteAgent(name, true);
    await expect(agents.toast('Agent deleted')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(agents.row(name)).toHaveCount(0);
    // A deleted agent's token is refused, and its checks are gone with it.
    expect((await hubToken.get('api/upstream/ping')).status()).toBe(401);
    const left = await adminApi.get(`api/db/checks?select=id&agent_id=eq.${agentId}&deleted_at=is.null`);
    expect(await left.json()).toEqual([]);
    const runsLeft = await adminApi.get(`api/db/playbook_runs?select=id&agent_id=eq.${agentId}`);
    expect(await runsLeft.json()).toEqual([]);
  } finally {
    await hubToken.dispose();
    await agent.stop();
  }
});
