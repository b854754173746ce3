import type { APIRequestContext } from '@playwright/test';
import { createCanary, ranCheck, SwitchableTarget } from './canaries.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { HealthDashboard } from './pages/health-page.js';
import { IncidentPage } from './pages/incident-page.js';
import { IncidentsPage } from './pages/incidents-page.js';

/** An HTTP target the canary of these tests checks: failing (500) until a test makes it healthy. */
const target = new SwitchableTarget(false);
test.beforeAll(() => target.start());
test.afterAll(() => target.stop());

/** A title no other test (or earlier run on the same server) uses. */
const unique = (title: string) => `${title} ${Date.now().toString(36)}`;

/** An incident made through the API, as Create New Incident makes it: its row id and its INC id. */
async function createIncident(api: APIRequestContext, title: string) {
  const response = await api.post('api/incidents', {
    data: { title, type: 'availability', severity: 'high', status: 'open' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; incident_id: string };
}

/** A canary of the console's own runner whose one HTTP check, `check`, calls the target; its id once run. */
async function ranCanaryCheck(api: APIRequestContext, canary: string, check: string): Promise<string> {
  await createCanary(api, canary, { http: [{ name: check, url: target.url }] });
  return ranCheck(api, check);
}

test('an incident created from the list gets a factor, a solution and a comment with a mention, and its postmortem names them', async ({
  page,
}) => {
  const title = unique('e2e checkout latency');
  const factor = 'Connection pool exhausted';
  const solution = 'Raise the pool size';
  const list = new IncidentsPage(page);
  await list.open();
  await list.create({ title, description: 'Checkout p95 above 2 s', type: 'availability', severity: 'high' });

  const incident = new IncidentPage(page);
  await expect(incident.breadcrumb()).toContainText(title);
  await expect(incident.statusSelect()).toHaveValue('open');

  // The Action Plan starts with the root cause; a factor goes under it and a solution under that.
  await incident.tab('Action Plan').click();
  await expect(page).toHaveURL(/tab=action-plan/);
  const root = incident.hypothesis('Root cause', title);
  await expect(root).toBeVisible();
  await incident.addChildHypothesis(root, 'factor', factor);
  await expect(incident.hypothesis('Factor', factor)).toBeVisible();
  await incident.addChildHypothesis(incident.hypothesis('Factor', factor), 'solution', solution);
  await expect(incident.hypothesis('Solution', solution)).toBeVisible();

  // A comment on the factor that mentions a person: the picker turns the name into a mention.
  await incident.tab('Comments').click();
  const form = incident.commentForm();
  await expect(form.getByText('No comments yet')).toBeVisible();
  await form.getByRole('combobox', { name: 'Hypothesis' }).selectOption({ label: `${factor} (factor)` });
  const box = form.getByRole('textbox', { name: 'Comment' });
  await box.fill('Pool saturated since the deploy, ');
  await incident.mention(box, 'Ines', 'Ines Garcia');
  await expect(box).toHaveValue(/^Pool saturated since the deploy, @\[Ines Garcia\]\(user:[0-9a-f-]{36}\) $/);
  await box.pressSequentially('please confirm');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Comment', exact: true }).click();

  const comment = incident.commentTimeline().getByRole('listitem').filter({ hasText: 'please confirm' });
  await expect(comment).toContainText('Pool saturated since the deploy');
  await expect(comment).toContainText(factor);
  // The mention reads as the person's name, not as its markup, and leads to the incidents they own.
  const mention = comment.getByRole('link', { name: '@Ines Garcia' });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute('href', /^\/console\/incidents\?owner=[0-9a-f-]{36}$/);
  await expect(comment).not.toContainText('user:');
  await expect(box).toHaveValue('');

  // The changelog tells what happened, newest first.
  const changelog = await incident.changelogRows();
  await expect(changelog.filter({ hasText: 'created the incident' })).toHaveCount(1);
  await expect(changelog.filter({ hasText: 'added a hypothesis' }).first()).toBeVisible();
  await expect(
    changelog.filter({ hasText: 'commented: Pool saturated since the deploy, @Ines Garcia please confirm' }),
  ).toHaveCount(1);

  // The postmortem: a Markdown file naming the incident, its hypotheses and the comment.
  const download = await incident.downloadPostmortem();
  expect(download.suggestedFilename()).toMatch(/-postmortem\.md$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const markdown = Buffer.concat(chunks).toString('utf8');
  expect(markdown).toContain(title);
  expect(markdown).toContain('## Hypotheses');
  expect(markdown).toContain(factor);
  expect(markdown).toContain(solution);
  expect(markdown).toContain('Pool saturated since the deploy');
  expect(markdown).toContain('Ines Garcia');
  expect(markdown).toContain('## Timeline');

  // Back on the list, the new incident is one of the open ones.
  await incident.breadcrumb().getByRole('link', { name: 'Incidents' }).click();
  await list.table().waitFor();
  await expect(list.row(title)).toContainText('Open');
});

test('a check attached from /health joins the definition of done with a script, and Mitigated asks for the contributing factors', async ({
  page,
  adminApi,
}) => {
  // The canary's first run and the definition-of-done evaluation (every 5 s on the e2e server,
  // tests/e2e/run.ts) set the pace.
  test.setTimeout(300_000);
  target.healthy = false;
  const suffix = Date.now().toString(36);
  const checkName = `e2e-incident-check-${suffix}`;
  const title = unique('e2e payments errors');
  const [{ id: incidentId, incident_id: incidentNumber }, checkId] = await Promise.all([
    createIncident(adminApi, title),
    ranCanaryCheck(adminApi, `e2e-incident-canary-${suffix}`, checkName),
  ]);

  // The check drawer's Attach as Evidence links the check to the incident's root cause.
  const health = new HealthDashboard(page);
  await health.open(`?hidePassing=false&query=${encodeURIComponent(checkName)}`);
  await health.row(checkName).getByText(checkName, { exact: true }).click();
  await health.drawer().getByRole('button', { name: 'Attach as Evidence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach as Evidence' });
  await dialog.getByRole('textbox', { name: 'Find incident' }).fill(title);
  const incidentSelect = dialog.getByRole('combobox', { name: 'Incident', exact: true });
  await expect(incidentSelect.locator(`option[value="${incidentId}"]`)).toHaveCount(1);
  await incidentSelect.selectOption(incidentId);
  const hypothesisSelect = dialog.getByRole('combobox', { name: 'Hypothesis' });
  const rootOption = hypothesisSelect.locator('option', { hasText: title });
  await expect(rootOption).toHaveCount(1);
  await hypothesisSelect.selectOption((await rootOption.getAttribute('value'))!);
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(checkName);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Linked to incident successfully:')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The toast's link opens the incident, whose root cause now holds the check.
  await page.getByRole('link', { name: incidentNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/console/incidents/${incidentId}$`));
  const incident = new IncidentPage(page);
  await incident.tab('Action Plan').click();
  await page.getByRole('button', { name: 'Expand all' }).click();
  const root = incident.hypothesis('Root cause', title);
  await expect(root.getByText(checkName).first()).toBeVisible();

  // Automatic definition of done: the check, with the sample script for checks.
  await incident.addAutomaticDefinitionOfDone([checkName], {
    sample: 'Check passed in the last 10 minutes',
  });
  const dod = incident.definitionOfDone();
  await expect(dod.getByRole('listitem').filter({ hasText: checkName })).toContainText('Pending');

  // Mitigated asks which evidences contributed: Submit needs one, then the status moves.
  await incident.openPanel('Details');
  await incident.statusSelect().selectOption('mitigated');
  const factors = incident.contributingFactorsDialog();
  await factors.getByRole('button', { name: 'Submit' }).click();
  await expect(factors.getByText('Please select atleast one evidence')).toBeVisible();
  await expectAccessible(page);
  await factors.getByRole('checkbox', { name: checkName }).check();
  await factors.getByRole('button', { name: 'Submit' }).click();
  await expect(factors).toBeHidden();
  await expect(page.getByText('Incident status updated successfully').first()).toBeVisible();
  await expect(incident.statusSelect()).toHaveValue('mitigated');

  const changelog = await incident.changelogRows();
  await expect(changelog.filter({ hasText: 'changed the status' }).first()).toBeVisible();
  await expect(changelog.filter({ hasText: 'added evidence' }).first()).toBeVisible();
  await expect(changelog.filter({ hasText: 'added to the definition of done' }).first()).toBeVisible();

  // The check recovers: the scheduled evaluation finds the script true, marks the
  // item done, and the incident resolves itself, saying why in its changelog.
  target.healthy = true;
  const ran = await adminApi.post(`api/canary/run/check/${checkId}`);
  expect(ran.status(), await ran.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const response = await adminApi.get(`api/db/incidents?id=eq.${incidentId}&select=status`);
        return ((await response.json()) as { status: string }[])[0]?.status;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe('resolved');
  await page.reload();
  await incident.openPanel('Definition of done');
  await expect(dod.getByRole('listitem').filter({ hasText: checkName })).toContainText('Done');
  const after = await incident.changelogRows();
  await expect(
    after.filter({ hasText: 'every item of the definition of done is done' }).first(),
  ).toBeVisible();
  await incident.openPanel('Details');
  await expect(incident.statusSelect()).toHaveValue('resolved');
});

test('a person and a team are added as responders', async ({ page, adminApi }) => {
  const title = unique('e2e search outage');
  const { id: incidentId } = await createIncident(adminApi, title);
  const incident = new IncidentPage(page);
  await incident.open(incidentId);
  await expect(incident.details().getByText('No responders yet')).toBeVisible();

  // A person: chosen and added in the first step.
  let wizard = await incident.openAddResponder();
  await wizard.getByRole('radio', { name: 'Person' }).check();
  await wizard.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Hugo Lambert' });
  await wizard.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Responder added successfully').first()).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect(incident.responders().getByRole('listitem').filter({ hasText: 'Hugo Lambert' })).toBeVisible();

  // A team: its responder type, then the details its configuration starts, every field required.
  wizard = await incident.openAddResponder();
  await wizard.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'SRE' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Jira' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Project' })).toHaveValue('OPS');
  await expect(wizard.getByRole('textbox', { name: 'Summary' })).toHaveValue(title);
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(wizard.getByText('Please provide valid value').first()).toBeVisible();
  await expectAccessible(page);
  await wizard.getByRole('textbox', { name: 'Description' }).fill(`Search is down: ${title}`);
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(wizard).toBeHidden();
  await expect(incident.responders().getByRole('listitem').filter({ hasText: 'SRE' })).toContainText('Jira');
  await expect(incident.responders().getByRole('listitem')).toHaveCount(2);

  // Both show in the changelog.
  const changelog = await incident.changelogRows();
  await expect(changelog.filter({ hasText: 'added a responder' })).toHaveCount(2);
});
