/**
 * How soon an open /health shows a check's new status: the HTTP target the check calls turns
 * failing (or passing again), the check is run now through the API, and the clock stops when the
 * dashboard's row shows the new status. No refresh rate is chosen, so the page does not poll: the
 * event stream brings the change (tests/e2e/live-updates.spec.ts proves that much; here it is
 * timed). The check is one more beside the data set's, made after the first renders are timed.
 */
import type { Browser, Page } from 'playwright-core';
import { eventually } from '../support/eventually.js';
import { startHttpTarget, type HttpTarget } from '../support/check-targets.js';
import { signedInContext } from './render.js';
import { getJson, post, type Server } from './server.js';
import { summarize, type Timing } from './stats.js';

const CANARY = 'bench-live';
const CHECK = `${CANARY}-http`;
const SHOWN_WITHIN_MS = 30_000;

/** Each server's check, created healthy against the target. */
async function liveCheck(server: Server, url: string): Promise<string> {
  const created = await post(server, 'api/db/canaries', {
    name: CANARY,
    namespace: 'bench',
    schedule: '@hourly',
    spec: { http: [{ name: CHECK, url }] },
  });
  if (created.status !== 201)
    throw new Error(`creating ${CANARY}: HTTP ${created.status} ${await created.text()}`);
  // Until the runner has run it, healthy.
  return eventually(async () => {
    const [check] = await getJson<{ id: string }[]>(
      server,
      `api/db/checks?name=eq.${CHECK}&deleted_at=is.null&status=eq.healthy&select=id`,
    );
    if (!check)
      throw new Error(`${CHECK} was not run healthy within ${SHOWN_WITHIN_MS / 1000} s of its creation`);
    return check.id;
  }, SHOWN_WITHIN_MS);
}

/** The dashboard with only the check in view, once its event stream is open. */
async function openDashboard(browser: Browser, server: Server): Promise<Page> {
  const pageUrl = `${server.url}health?hidePassing=false&query=${CHECK}`;
  const context = await signedInContext(browser, pageUrl, server.cookie);
  const page = await context.newPage();
  const stream = page.waitForResponse(
    (response) => new URL(response.url()).pathname.endsWith('/api/events') && response.ok(),
  );
  await page.goto(pageUrl);
  await stream;
  await statusShown(page, 'Healthy');
  return page;
}

/** Until the check's row shows `status` (case matters: "Unhealthy" does not hold "Healthy"). */
function statusShown(page: Page, status: 'Healthy' | 'Unhealthy'): Promise<void> {
  return page
    .getByRole('grid', { name: 'Health checks' })
    .getByRole('row')
    .filter({ hasText: CHECK })
    .filter({ hasText: new RegExp(status) })
    .first()
    .waitFor({ timeout: SHOWN_WITHIN_MS });
}

/** Turns the check's status (through the target and Run Now) and times until the page shows it. */
async function timeTurn(page: Page, server: Server, target: HttpTarget, checkId: string, i: number) {
  const failing = i % 2 === 0;
  target.answerSwitchWith(failing ? 500 : 200);
  const started = performance.now();
  const run = await post(server, `api/canary/run/check/${checkId}`, undefined);
  if (run.status !== 200) throw new Error(`running ${CHECK}: HTTP ${run.status} ${await run.text()}`);
  await statusShown(page, failing ? 'Unhealthy' : 'Healthy');
  return performance.now() - started;
}

/**
 * `runs` turns of the check on each server, interleaved (A, B, A, B…) after two untimed ones;
 * one Timing per server, from the Run Now request to the row showing the new status.
 */
export async function liveUpdates(
  browser: Browser,
  servers: readonly Server[],
  runs = 10,
): Promise<Timing[]> {
  const target = await startHttpTarget();
  try {
    const url = `http://127.0.0.1:${target.port}/switch`;
    target.answerSwitchWith(200);
    const checks: string[] = [];
    for (const server of servers) checks.push(await liveCheck(server, url));
    const pages: Page[] = [];
    for (const server of servers) pages.push(await openDashboard(browser, server));
    const samples = servers.map((): number[] => []);
    for (let i = 0; i < runs + 2; i++) {
      for (const [k, server] of servers.entries()) {
        const elapsed = await timeTurn(pages[k]!, server, target, checks[k]!, i);
        if (i >= 2) samples[k]!.push(elapsed);
      }
    }
    for (const page of pages) await page.context().close();
    return samples.map(summarize);
  } finally {
    await target.close();
  }
}
