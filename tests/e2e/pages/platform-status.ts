import type { Locator, Page } from '@playwright/test';

/** The start page: what the platform holds, counted through /api/db. */
export class PlatformStatusPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('.');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: 'Ops Console' });
  }

  count(table: string): Locator {
    return this.page.getByTestId(`count-${table}`);
  }
}
