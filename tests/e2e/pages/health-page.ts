import type { Locator, Page } from '@playwright/test';

/** The /health dashboard and its check drawer. */
export class HealthDashboard {
  constructor(readonly page: Page) {}

  /** Opens the dashboard; with a `checkId` in the query, until that check's drawer shows. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`health${query}`);
    // The drawer is a modal: while it is open the page behind it, the table too, is hidden from
    // the accessibility tree, and it may open in the same render as the table.
    await (new URLSearchParams(query).has('checkId') ? this.drawer() : this.table()).waitFor();
  }

  /** Opens the dashboard and waits until its live-update stream is connected. */
  async openLive(query = ''): Promise<void> {
    const stream = this.page.waitForResponse(
      (response) => new URL(response.url()).pathname.endsWith('/api/events') && response.ok(),
    );
    await this.open(query);
    await stream;
  }

  table(): Locator {
    return this.page.getByRole('grid', { name: 'Health checks' });
  }

  row(name: string): Locator {
    return this.table().getByRole('row').filter({ hasText: name });
  }

  search(): Locator {
    return this.page
      .getByRole('searchbox', { name: 'Search checks' })
      .or(this.page.getByRole('textbox', { name: 'Search checks' }));
  }

  filters(): Locator {
    return this.page.getByRole('complementary', { name: 'Filters' });
  }

  drawer(): Locator {
    return this.page.getByRole('dialog');
  }
}
