/**
 * The shared components in a real browser: the gallery (tests/e2e/gallery) renders each of them
 * with realistic data; these tests drive them the way a user would.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { startGallery, type Gallery } from './gallery/serve.js';
import { ComponentGallery } from './pages/component-gallery.js';

// Absolute ranges are typed in local time and kept in the URL as UTC.
test.use({ timezoneId: 'UTC' });

let gallery: Gallery;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  gallery = await startGallery();
});

test.afterAll(async () => {
  await gallery?.close();
});

async function openGallery(page: Page, search = ''): Promise<ComponentGallery> {
  const components = new ComponentGallery(page, gallery.url);
  await components.open(search);
  return components;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

test.describe('virtualized table', () => {
  test('renders a window of the 10,000 rows under a sticky head and reports the end once', async ({
    page,
  }) => {
    const components = await openGallery(page);
    const table = components.table('Generated rows');
    const box = components.scrollContainer(table);
    const cell = (name: string) => table.getByRole('gridcell', { name, exact: true });
    await box.scrollIntoViewIfNeeded();
    await expect(cell('row 1')).toBeInViewport();
    expect(await components.bodyRows(table).count()).toBeLessThan(200);

    const head = table.locator('thead');
    const headTop = (await head.boundingBox())!.y;
    expect(headTop).toBeCloseTo((await box.boundingBox())!.y, 0);

    await components.scrollTo(box, 20_000);
    await expect(cell('row 1')).toHaveCount(0);
    expect((await head.boundingBox())!.y).toBeCloseTo(headTop, 0);
    expect(await components.isPaintedOnTop(table.getByRole('columnheader', { name: 'Status' }))).toBe(true);

    const section = components.section('Virtualized table');
    await expect(section.getByText('onEndReached calls: 0')).toBeVisible();
    // The first jump lands on estimated heights; once the rows are measured the end may move.
    await expect(async () => {
      await components.scrollTo(box, 'bottom');
      await expect(cell('row 10000')).toBeInViewport({ timeout: 500 });
    }).toPass();
    await expect(section.getByText('onEndReached calls: 1')).toBeVisible();
    expect(await components.bodyRows(table).count()).toBeLessThan(200);
    expect((await head.boundingBox())!.y).toBeCloseTo(headTop, 0);
    expect(await components.isPaintedOnTop(table.getByRole('columnheader', { name: 'Name' }))).toBe(true);

    await components.scrollTo(box, 'top');
    await expect(cell('row 1')).toBeInViewport();
    await expect(cell('row 10000')).toHaveCount(0);
  });

  test('scrolls through all 10,000 rows with the mouse wheel, reporting frame times', async ({ page }) => {
    const components = await openGallery(page);
    const table = components.table('Generated rows');
    const box = components.scrollContainer(table);
    await box.scrollIntoViewIfNeeded();
    const { x, y, width, height } = (await box.boundingBox())!;
    await page.mouse.move(x + width / 2, y + height / 2);

    await components.startFrameRecorder();
    let steps = 0;
    while (!(await components.isAtBottom(box)) && steps < 400) {
      await page.mouse.wheel(0, 10_000);
      steps++;
    }
    const intervals = await components.stopFrameRecorder();
    await expect(table.getByRole('gridcell', { name: 'row 10000', exact: true })).toBeInViewport();

    const worst = Math.max(...intervals);
    test.info().annotations.push({
      type: 'frame interval',
      description: `median ${median(intervals).toFixed(1)} ms, worst ${worst.toFixed(1)} ms over ${intervals.length} frames and ${steps} wheel steps`,
    });
    // The frame times are reported, not asserted: they measure the machine as much as the table,
    // and the rows stay virtualized (the test above) however slow it is.
    expect(intervals.length).toBeGreaterThan(10);
  });
});

test.describe('client table', () => {
  test('sorts by a column head and pages with the buttons and the go-to-page input, all in the URL', async ({
    page,
  }) => {
    const components = await openGallery(page);
    const section = components.section('Client table');
    const table = components.table('Checks');
    const names = components.firstCells(table);
    await expect(components.pageLabel(section)).toHaveText('Page 1 of 4');
    await expect(components.bodyRows(table)).toHaveCount(50);
    await expect(names.first()).toHaveText('check-42');

    await components.sortButton(table, 'Name').click();
    await expect(names.first()).toHaveText('check-1');
    await expect(names.nth(1)).toHaveText('check-2');
    expect([components.query('sortBy'), components.query('sortOrder')]).toEqual(['name', 'asc']);
    await components.sortButton(table, 'Name').click();
    await expect(names.first()).toHaveText('check-200');
    expect(components.query('sortOrder')).toBe('desc');

    const pager = components.pagination(section);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(components.pageLabel(section)).toHaveText('Page 2 of 4');
    await expect(names.first()).toHaveText('check-150');
    expect(components.query('pageIndex')).toBe('1');
    await pager.getByRole('button', { name: 'Last page' }).click();
    await expect(components.pageLabel(section)).toHaveText('Page 4 of 4');
    await expect(names.last()).toHaveText('check-1');
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await pager.getByRole('button', { name: 'First page' }).click();
    await expect(components.pageLabel(section)).toHaveText('Page 1 of 4');
    expect(components.query('pageIndex')).toBeNull();
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const goTo = pager.getByRole('spinbutton', { name: 'Go to page' });
    await goTo.fill('3');
    await goTo.press('Enter');
    await expect(components.pageLabel(section)).toHaveText('Page 3 of 4');
    await expect(names.first()).toHaveText('check-100');
    expect(components.query('pageIndex')).toBe('2');

    await page.reload();
    await expect(components.pageLabel(section)).toHaveText('Page 3 of 4');
    await expect(names.first()).toHaveText('check-100');
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('a smaller page size shows fewer rows and goes back to the first page', async ({ page }) => {
    const components = await openGallery(page, '?pageIndex=2');
    const section = components.section('Client table');
    const table = components.table('Checks');
    await expect(components.pageLabel(section)).toHaveText('Page 3 of 4');

    await components.pagination(section).getByRole('combobox', { name: 'Page size' }).selectOption('10');
    await expect(components.pageLabel(section)).toHaveText('Page 1 of 20');
    await expect(components.bodyRows(table)).toHaveCount(10);
    expect([components.query('pageSize'), components.query('pageIndex')]).toEqual(['10', null]);

    await components.reload();
    await expect(components.pageLabel(section)).toHaveText('Page 1 of 20');
    await expect(components.bodyRows(table)).toHaveCount(10);
  });
});

test('the grouped table shows one collapsed row per group with its count and expands it', async ({
  page,
}) => {
  const components = await openGallery(page);
  const table = components.table('Checks by team');
  const toggle = table.getByRole('button', { name: 'Toggle group payments' });
  const groupRow = components.bodyRows(table).filter({
    has: page.getByRole('button', { name: 'Toggle group payments' }),
  });
  await expect(components.bodyRows(table)).toHaveCount(3);
  await expect(groupRow).toContainText('payments');
  await expect(groupRow.locator('.pf-v6-c-badge')).toHaveText('4');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(table.getByRole('gridcell', { name: 'payments-api-1', exact: true })).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(components.bodyRows(table)).toHaveCount(7);
  for (const member of ['payments-api-1', 'payments-api-4'])
    await expect(table.getByRole('gridcell', { name: member, exact: true })).toBeVisible();
  await expect(table.getByRole('gridcell', { name: 'search-indexer-1', exact: true })).toHaveCount(0);

  await toggle.click();
  await expect(components.bodyRows(table)).toHaveCount(3);
});

test.describe('time range picker', () => {
  test('a preset writes from and to into the URL, is marked when reopened, and survives a reload', async ({
    page,
  }) => {
    const components = await openGallery(page);
    const toggle = components.timeRangeToggle();
    await expect(toggle).toHaveText('Please select time range');

    await components.openTimeRangePicker();
    await components.rangeOption('Last 1 hour').click();
    await expect(components.timeRangePanel()).toBeHidden();
    await expect(toggle).toHaveText('Last 1 hour');
    expect([components.query('from'), components.query('to')]).toEqual(['now-1h', 'now']);

    await components.openTimeRangePicker();
    await expect(components.rangeOption('Last 1 hour')).toHaveAttribute('aria-current', 'true');
    await components.rangeOption('Yesterday').click();
    await expect(toggle).toHaveText('Yesterday');
    expect([components.query('from'), components.query('to')]).toEqual(['now-1d/d', 'now-1d/d']);

    await components.openTimeRangePicker();
    await page.keyboard.press('Escape');
    await expect(components.timeRangePanel()).toBeHidden();
    await expect(toggle).toHaveText('Yesterday');

    await components.reload();
    await expect(toggle).toHaveText('Yesterday');
  });

  test('an absolute range is typed or picked on the calendar, submitted, and listed as recent', async ({
    page,
  }) => {
    // The calendars open on March 2024, the month typed below.
    await page.clock.setFixedTime(new Date('2024-03-20T12:00:00Z'));
    const components = await openGallery(page);
    const panel = await components.openTimeRangePicker();
    const submit = panel.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    await panel.getByRole('textbox', { name: 'From' }).fill('2024-03-01 08:00:00');
    await expect(submit).toBeDisabled();
    await panel.getByRole('tab', { name: 'To' }).click();
    const to = panel.getByRole('textbox', { name: 'To' });
    await expect(to).toHaveValue('');
    // The To calendar starts at the From month; its month menu moves it to April.
    await panel.getByRole('button', { name: 'March', exact: true }).click();
    await panel.getByRole('option', { name: 'April' }).click();
    await expect(panel.getByRole('option', { name: 'April' })).toBeHidden();
    await panel.getByRole('button', { name: '2024-04-02', exact: true }).click();
    await expect(to).toHaveValue('2024-04-02 23:59:59');
    await expect(submit).toBeEnabled();
    await submit.click();

    const display = '2024-03-01 08:00:00 to 2024-04-02 23:59:59';
    await expect(components.timeRangePanel()).toBeHidden();
    await expect(components.timeRangeToggle()).toHaveText(display);
    expect([components.query('from'), components.query('to')]).toEqual([
      '2024-03-01T08:00:00.000Z',
      '2024-04-02T23:59:59.000Z',
    ]);

    await components.openTimeRangePicker();
    const recent = panel.getByRole('region', { name: 'Recently used absolute time ranges' });
    await expect(recent.getByRole('button')).toHaveText([display]);
    await expect(recent.getByRole('button', { name: display })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await components.reload();
    await expect(components.timeRangeToggle()).toHaveText(display);
  });

  test('Escape in a calendar month menu closes that menu and keeps the panel open', async ({ page }) => {
    // PatternFly's CalendarMonth reports the month menu closing but not opening: the picker asks the page.
    await page.clock.setFixedTime(new Date('2024-03-20T12:00:00Z'));
    const components = await openGallery(page);
    const panel = await components.openTimeRangePicker();
    await panel.getByRole('button', { name: 'March', exact: true }).click();
    await expect(panel.getByRole('option', { name: 'April' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('option', { name: 'April' })).toBeHidden();
    // The panel fades out for a moment when it closes: its toggle says at once whether it is open.
    await expect(components.timeRangeToggle()).toHaveAttribute('aria-expanded', 'true');
  });

  test('the panel stays put when a typed date changes the number of calendar weeks', async ({ page }) => {
    // The popover keeps its place when its height changes: the calendar reserves six weeks so it never does.
    await page.clock.setFixedTime(new Date('2024-09-15T12:00:00Z'));
    const components = await openGallery(page);
    const panel = await components.openTimeRangePicker();
    await panel.getByRole('textbox', { name: 'From' }).fill('2024-03-01 08:00:00');
    await panel.getByRole('tab', { name: 'To' }).click();
    await expect(panel.getByRole('tab', { name: 'To' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('textbox', { name: 'To' })).toBeVisible();
  });
});

test('toggle filters cycle include, exclude and reset by click and keyboard, and summarize from 4 on', async ({
  page,
}) => {
  const components = await openGallery(page);
  const section = components.section('Toggle filter');
  const include = components.includeButton('env=prod');
  const exclude = components.excludeButton('env=prod');
  const remove = section.getByRole('button', { name: 'Remove env=prod' });

  await include.click();
  await expect(include).toHaveAttribute('aria-pressed', 'true');
  await expect(remove).toBeVisible();
  await exclude.click();
  await expect(include).toHaveAttribute('aria-pressed', 'false');
  await expect(exclude).toHaveAttribute('aria-pressed', 'true');
  await exclude.click();
  await expect(exclude).toHaveAttribute('aria-pressed', 'false');
  await expect(remove).toHaveCount(0);

  await components.includeButton('team=search').focus();
  await page.keyboard.press('Enter');
  await expect(components.includeButton('team=search')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(components.includeButton('team=search')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Tab');
  await expect(components.excludeButton('team=search')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(components.excludeButton('team=search')).toHaveAttribute('aria-pressed', 'true');

  await components.includeButton('env=prod').click();
  await components.includeButton('tier=frontend').click();
  await expect(section.getByRole('button', { name: /^Remove / })).toHaveCount(3);
  await expect(section.getByText(/selected \(/)).toHaveCount(0);
  await components.includeButton('tier=backend').click();
  await expect(section.getByText('4 selected (3 included, 1 excluded)')).toBeVisible();
  await expect(section.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  await section.getByRole('button', { name: 'Clear' }).click();
  await expect(section.getByText(/selected \(/)).toHaveCount(0);
  await expect(section.getByRole('button', { pressed: true })).toHaveCount(0);
});

test.describe('confirm dialog', () => {
  test('opens with focus on Cancel and closes with Cancel or Escape', async ({ page }) => {
    const components = await openGallery(page);
    const open = page.getByRole('button', { name: 'Delete check' });
    const dialog = components.confirmDialog();

    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The check payments-api and its run history will be deleted.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await open.click();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The check payments-api was deleted.')).toHaveCount(0);
  });

  test('confirming keeps the dialog busy until the action is done, then closes it', async ({ page }) => {
    const components = await openGallery(page);
    const dialog = components.confirmDialog();
    await page.getByRole('button', { name: 'Delete check' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /Delet/ })).toBeDisabled();
    await page.evaluate(() => (window as unknown as { finishDeleting: () => void }).finishDeleting());
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The check payments-api was deleted.')).toBeVisible();
  });
});

test('the code viewer copy button puts the YAML on the clipboard and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const components = await openGallery(page);
  const section = components.section('Code viewer');
  await expect(section.getByRole('region', { name: 'Canary YAML' })).toContainText('kind: Canary');

  await section.getByRole('button', { name: 'Copy to clipboard' }).click();
  await expect(components.toast('Copied to clipboard')).toBeVisible();
  expect(await components.clipboardText()).toBe(
    [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: payments-api',
      '  namespace: payments',
      'spec:',
      '  http:',
      '    - name: payments-api',
      '      responseCodes:',
      '        - 200',
      '      url: https://payments.example.com/healthz',
      "  schedule: '@every 5m'",
      '',
    ].join('\n'),
  );
});

test('the YAML editor takes its final height while it loads, so nothing under it moves', async ({ page }) => {
  // Holds CodeMirror's chunk back so the loading skeleton can be measured before the editor arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chunks/CodeEditor-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const components = await openGallery(page);
  const section = components.section('YAML editor');
  const heading = section.getByRole('heading', { name: 'YAML editor' });
  const buttons = ['Under the empty spec', 'Under the twelve-line spec'].map((name) =>
    section.getByRole('button', { name }),
  );
  const offsets = async () => {
    const top = (await heading.boundingBox())!.y;
    return Promise.all(buttons.map(async (button) => (await button.boundingBox())!.y - top));
  };
  await expect(section.getByText('Loading Empty spec')).toBeAttached();
  const whileLoading = await offsets();

  release();
  await expect(section.getByRole('textbox', { name: 'Twelve-line spec' })).toContainText('key12: value 12');
  await expect(section.getByRole('textbox', { name: 'Empty spec' })).toBeVisible();
  const loaded = await offsets();
  for (const [index, offset] of loaded.entries()) expect(offset).toBeCloseTo(whileLoading[index]!, 0);
});

test('a toast closes by itself after about 5 seconds', async ({ page }) => {
  const components = await openGallery(page);
  await page.getByRole('button', { name: 'Show toast' }).click();
  const toast = components.toast('Settings saved');
  await expect(toast).toBeVisible();
  const shown = Date.now();
  await expect(toast).toBeHidden({ timeout: 30_000 });
  expect(Date.now() - shown).toBeGreaterThan(4000);
});
