import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * What one axe pass may take: seconds on a quiet machine, far more on a busy one (colour
 * contrast over a long table). It is added to the test's time rather than taken from it.
 */
export const AXE_BUDGET_MS = 60_000;

/** The axe impacts that fail a test: what keeps a person from using the page. */
const BLOCKING = new Set(['serious', 'critical']);

/** The page's serious and critical axe violations as it is now, one line each, naming the elements. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
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
