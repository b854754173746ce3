import type { Locator, Page } from '@playwright/test';

/** The /health dashboard and its check drawer. */
export class HealthDashboard {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`health${query}`);
    await this.table().waitFor();
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
