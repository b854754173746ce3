import type { Locator, Page } from '@playwright/test';

/** Frame timestamps collected by requestAnimationFrame in the page (see startFrameRecorder). */
interface FrameRecorder {
  stamps: number[];
  running: boolean;
}

/** The component gallery (tests/e2e/gallery): one section per shared component. */
export class ComponentGallery {
  /** `url` is the gallery's address as startGallery() returns it. */
  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  /** Opens the gallery, optionally with a query such as '?sortBy=name'. */
  async open(search = ''): Promise<void> {
    await this.page.goto(`${this.url}${search}`);
    await this.page.getByRole('heading', { name: 'Component gallery', level: 1 }).waitFor();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.getByRole('heading', { name: 'Component gallery', level: 1 }).waitFor();
  }

  /** A query parameter of the current URL. */
  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  table(name: string): Locator {
    return this.page.getByRole('grid', { name, exact: true });
  }

  bodyRows(table: Locator): Locator {
    return table.locator('tbody').getByRole('row');
  }

  /** The first cell of every rendered body row. */
  firstCells(table: Locator): Locator {
    return this.bodyRows(table).locator('td:first-child');
  }

  sortButton(table: Locator, header: string): Locator {
    return table.getByRole('columnheader', { name: header }).getByRole('button');
  }

  pagination(section: Locator): Locator {
    return section.getByRole('navigation', { name: 'Pagination' });
  }

  pageLabel(section: Locator): Locator {
    return this.pagination(section).getByText(/^Page \d+/);
  }

  /** The scroll box around the virtualized table. */
  scrollContainer(table: Locator): Locator {
    return table.locator('xpath=..');
  }

  async scrollTo(container: Locator, where: 'top' | 'bottom' | number): Promise<void> {
    await container.evaluate((element, to) => {
      element.scrollTop = to === 'top' ? 0 : to === 'bottom' ? element.scrollHeight : to;
    }, where);
  }

  /** Whether the scroll box is scrolled to its end. */
  async isAtBottom(container: Locator): Promise<boolean> {
    return container.evaluate(
      (element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1,
    );
  }

  /** Whether the element is what the user sees at its centre (not hidden under another element). */
  async isPaintedOnTop(element: Locator): Promise<boolean> {
    return element.evaluate((target) => {
      const { x, y, width, height } = target.getBoundingClientRect();
      const hit = document.elementFromPoint(x + width / 2, y + height / 2);
      return hit !== null && target.contains(hit);
    });
  }

  /** Starts recording the time of every animation frame; stopFrameRecorder returns the intervals. */
  async startFrameRecorder(): Promise<void> {
    await this.page.evaluate(() => {
      const recorder: FrameRecorder = { stamps: [], running: true };
      (globalThis as unknown as { frameRecorder: FrameRecorder }).frameRecorder = recorder;
      const tick = (time: number) => {
        recorder.stamps.push(time);
        if (recorder.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  /** The intervals between the recorded frames, in milliseconds. */
  async stopFrameRecorder(): Promise<number[]> {
    return this.page.evaluate(() => {
      const recorder = (globalThis as unknown as { frameRecorder: FrameRecorder }).frameRecorder;
      recorder.running = false;
      return recorder.stamps.slice(1).map((time, index) => time - recorder.stamps[index]!);
    });
  }

  timeRangeToggle(): Locator {
    return this.page.getByRole('button', { name: /^Time range: / });
  }

  timeRangePanel(): Locator {
    return this.page.getByRole('dialog', { name: 'Select time range' });
  }

  async openTimeRangePicker(): Promise<Locator> {
    await this.timeRangeToggle().click();
    await this.timeRangePanel().waitFor();
    return this.timeRangePanel();
  }

  /** A range in one of the picker's lists, by its display text. */
  rangeOption(display: string): Locator {
    return this.timeRangePanel().getByRole('button', { name: display, exact: true });
  }

  includeButton(label: string): Locator {
    return this.page.getByRole('button', { name: `Include ${label}`, exact: true });
  }

  excludeButton(label: string): Locator {
    return this.page.getByRole('button', { name: `Exclude ${label}`, exact: true });
  }

  confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Delete check?' });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.pf-v6-c-alert-group').getByText(text);
  }

  async clipboardText(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
