import { expect, expectAccessible, test } from './fixtures.js';
import { AgentsPage } from './pages/agents-page.js';

const ACCESS_TOKEN_NOTE = 'Access token will be shown only once. Please copy it and store it securely.';

test('create an agent, copy its token, see how to install it, see it report in the list, delete it with its resources', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
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
  await expect(helm).toContainText(`--set upstream.token=${token}`);
  await agents.closeInstructions();

  await expect(agents.row(name)).toContainText('Made by the e2e suite');
  // Never seen: no status yet.
  await expect(agents.row(name)).not.toContainText(/Online|Offline/);

  // The agent reports with its token (as its pings do); the list shows it Online.
  const agent = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    expect((await agent.get('api/upstream/ping')).status()).toBe(200);
    await page.reload();
    await expect(agents.row(name)).toContainText('Online');

    await agents.deleteAgent(name, true);
    await expect(agents.toast('Agent deleted')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(agents.row(name)).toHaveCount(0);
    // A deleted agent's token is refused.
    expect((await agent.get('api/upstream/ping')).status()).toBe(401);
  } finally {
    await agent.dispose();
  }
});
