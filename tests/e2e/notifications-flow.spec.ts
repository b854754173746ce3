import type { APIRequestContext } from '@playwright/test';
import {
  startReceiver,
  type Receiver,
} from '../../server/src/platform/notifications/senders/test-support.js';
import { createCanary, ranCheck, SwitchableTarget } from './canaries.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { ConnectionsPage } from './pages/connections-page.js';
import { NotificationsPage } from './pages/notifications-page.js';

const target = new SwitchableTarget(true);
// The webhook's receiver, the one the senders' tests use: the console posts the rule's messages to it.
let receiver: Receiver;
test.beforeAll(async () => {
  await target.start();
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await target.stop();
  await receiver.close();
});

/** Runs the check now, as Run Now does, after its target was switched. */
async function runCheck(api: APIRequestContext, checkId: string, healthy: boolean) {
  target.healthy = healthy;
  const response = await api.post(`api/canary/run/check/${checkId}`);
  expect(response.ok(), await response.text()).toBe(true);
}

test('a rule sends a failing check to a webhook connection; a silence saved from the add page silences its next failure', async ({
  page,
  adminApi,
}) => {
  // A canary's first run and two trips through the rule engine, on a machine that may be busy.
  test.slow();
  const id = Date.now().toString(36);
  const checkName = `e2e-notified-${id}`;
  const connectionName = `e2e-hook-${id}`;
  const title = `e2e check down ${id}`;

  // A webhook connection and a rule for check.failed of this check, made in the console.
  const connections = new ConnectionsPage(page);
  await connections.open();
  await connections.add({
    type: 'Generic Webhook',
    name: connectionName,
    fields: { URL: `${receiver.origin}/hook` },
  });
  await expect(connections.toast('Connection added successfully')).toBeVisible();

  const notifications = new NotificationsPage(page);
  await notifications.openRules();
  await notifications.addRule({
    title,
    events: ['check.failed'],
    filter: `check.name == '${checkName}'`,
    connection: `${connectionName} (generic_webhook)`,
  });

  await createCanary(adminApi, `e2e-notified-canary-${id}`, { http: [{ name: checkName, url: target.url }] });
  const checkId = await ranCheck(adminApi, checkName);

  // The check fails: one message, with the rule's title, reaches the webhook.
  await runCheck(adminApi, checkId, false);
  await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(1);
  expect(receiver.received[0]!.json).toMatchObject({ title });

  await notifications.openHistory('?resourceType=check');
  // This rule's rows: the demo has a rule on check.passed for every check, none on this one's failure.
  const rowsOfCheck = notifications
    .rows(notifications.historyTable())
    .filter({ hasText: checkName })
    .filter({ hasText: 'check.failed' });
  // The history is read when asked: the top bar's Refresh, until the newest outcome is in.
  const newestOutcome = (text: string) =>
    expect
      .poll(
        async () => {
          await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
          return (
            (await rowsOfCheck
              .first()
              .textContent({ timeout: 5_000 })
              .catch(() => null)) ?? ''
          );
        },
        { timeout: 60_000 },
      )
      .toContain(text);
  await newestOutcome('Sent');
  await rowsOfCheck.first().click();
  const details = notifications.detailsDialog();
  await expect(details).toContainText(checkName);
  await expect(details).toContainText('check.failed');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close' }).click();

  // Silenced from the add page, the check recovers and fails again: nothing more is sent.
  await page.goto('notifications/silences/add');
  await notifications.fillSilence({ kind: 'Check', resource: checkName, duration: 'For 1 hour', reason: id });
  await notifications.saveSilence();
  await runCheck(adminApi, checkId, true);
  await runCheck(adminApi, checkId, false);
  await notifications.openHistory('?resourceType=check');
  await newestOutcome('Silenced');
  expect(receiver.received).toHaveLength(1);

  // The rule counts what it sent.
  await notifications.openRules();
  const table = notifications.rulesTable();
  const sentColumn = (await table.locator('thead th').allTextContents()).indexOf('Sent');
  expect(sentColumn).toBeGreaterThan(-1);
  const rule = notifications.rows(table).filter({ hasText: title });
  await expect(rule.locator('td').nth(sentColumn)).toHaveText('1');
});
