import { expect, test } from './fixtures.js';
import { ConsoleShell } from './pages/console-shell.js';
import { TeamsPage } from './pages/teams-page.js';

test('add a team, add two people to it, see them listed; the team is in the list', async ({ page }) => {
  const teams = new TeamsPage(page);
  await teams.open();
  const name = `E2E Team ${Date.now()}`;
  await teams.addTeam(name);
  await expect(page.getByText(`${name} created successfully`)).toBeVisible();
  await expect(new ConsoleShell(page).pageTitle()).toHaveText(name);
  await expect(page).toHaveURL(/\/console\/settings\/teams\/[0-9a-f-]{36}$/);

  await teams.openTab('Members');
  await expect(page).toHaveURL(/\?tab=members$/);
  await expect(page.getByText("You haven't added any team members to the team yet.")).toBeVisible();
  // Two of the demo data's people.
  const people = ['Alice Nakamura', 'Bob Okafor'];
  await teams.addMembers(people);
  await expect(page.getByText('2 users added to the team successfully')).toBeVisible();
  for (const person of people) await expect(teams.members()).toContainText(person);

  await teams.open();
  await expect(teams.row(name)).toBeVisible();
});
