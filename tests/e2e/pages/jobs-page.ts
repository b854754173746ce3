import type { Locator, Page } from '@playwright/test';

/** Settings → Jobs History: the filters, the table of runs and a run's details dialog. */
export class JobsPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`settings/jobs${query}`);
    await this.table().waitFor();
  }

  table(): Locator {
    return this.page.getByRole('grid', { name: 'Job history' });
  }

  /** The data rows (not the header). */
  rows(): Locator {
    return this.table().locator('tbody').getByRole('row');
  }

  /** Whether the table has loaded rows and every one's text passes `test` (not while it shows its loading rows). */
  async everyLoadedRow(test: (text: string) => boolean): Promise<boolean> {
    if ((await this.table().locator('tbody').getAttribute('aria-busy')) === 'true') return false;
    const texts = await this.rows().allTextContents();
    return texts.length > 0 && texts.every(test);
  }

  /** A multi-value filter's button (its name starts with the label; a badge counts the chosen values). */
  filterButton(label: 'Job Name' | 'Resource Type' | 'Status'): Locator {
    return this.page.locator('button[aria-haspopup="dialog"]', { hasText: label });
  }

  /** Includes (+) or excludes (−) one value of a multi-value filter, then closes its panel. */
  async toggle(label: 'Job Name' | 'Resource Type' | 'Status', verb: 'Include' | 'Exclude', value: string) {
    await this.filterButton(label).click();
    await this.page.getByRole('button', { name: `${verb} ${value}`, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  /** Opens a row's 'Details for job {name}' dialog from its status. */
  async openDetails(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /^Details for job / }).click();
    return this.page.getByRole('dialog', { name: /^Details for job / });
  }
}
