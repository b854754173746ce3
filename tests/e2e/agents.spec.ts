import { expect, expectAccessible, test } from './fixtures.js';
import { freePort } from '../support/free-port.js';
import { startConsole } from './consoles.js';
import { AgentsPage } from './pages/agents-page.js';

const ACCESS_TOKEN_NOTE = 'Access token will be shown only once. Please copy it and store it securely.';

test('create an agent, copy its token, see how to install it, start it, see it Online with its counts, delete it with its resources', async ({
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

    await agents.deleteAgent(name, true);
    await expect(agents.toast('Agent deleted')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(agents.row(name)).toHaveCount(0);
    // A deleted agent's token is refused, and its checks are gone with it.
    expect((await hubToken.get('api/upstream/ping')).status()).toBe(401);
    const left = await adminApi.get(`api/db/checks?select=id&agent_id=eq.${agentId}&deleted_at=is.null`);
    expect(await left.json()).toEqual([]);
  } finally {
    await hubToken.dispose();
    await agent.stop();
  }
});
