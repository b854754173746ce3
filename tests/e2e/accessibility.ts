import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * What one axe pass may take: seconds on a quiet machine, far more on a busy one (colour
 * contrast over a long table). It is added to the test's time rather than taken from it.
 */
export const AXE_BUDGET_MS = 60_000;

/** The axe impacts that fail a test: what keeps a person from using the page. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Ends CSS transitions and animations at their final frame: a tooltip or toast caught half faded
 * in has colours the page never rests at, and axe would judge their contrast.
 */
async function withTransitionsSettled<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const style = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  try {
    return await work();
  } finally {
    // The page goes on as it was: components that wait for a transition's end still get one.
    await style.evaluate((element) => (element as Element).remove()).catch(() => {});
  }
}

/** The page's serious and critical axe violations as it is now, one line each, naming the elements. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A page without frames is judged by axe.run() in the page itself (legacy mode): the default
  // collects each frame's partial results and finishes them in a blank page it opens for every
  // pass, seconds per pass on a busy machine, for the same rules on the same document. A page with
  // frames keeps the default, which also reaches into cross-origin ones.
  const oneFrame = page.frames().length === 1;
  const { violations } = await withTransitionsSettled(page, () =>
    new AxeBuilder({ page }).setLegacyMode(oneFrame).analyze(),
  );
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}: ` +
        violation.nodes.map((node) => node.target.join(' ')).join(', '),
    );
}

/** Fails when axe finds a serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  test.info().setTimeout(test.info().timeout + AXE_BUDGET_MS);
  expect(await accessibilityViolations(page), `axe on ${page.url()}`).toEqual([]);
}
