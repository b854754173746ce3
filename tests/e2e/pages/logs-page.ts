import type { Locator, Page } from '@playwright/test';

export const NO_COMPONENT_CHOSEN = 'Please select a component to view the logs';
export const NO_MATCHING_LOGS = 'There are no logs matching the search query';

/** /logs: the component and selector dropdowns, the search box and the table of lines. */
export class LogsPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`logs${query}`);
    await this.table().waitFor();
  }

  table(): Locator {
    return this.page.getByRole('grid', { name: 'Log lines' });
  }

  /** The lines shown (not the header, not the empty text). */
  rows(): Locator {
    return this.table()
      .locator('tbody')
      .getByRole('row')
      .filter({ has: this.page.locator('time') });
  }

  messages(): Locator {
    return this.rows().locator('td[data-label="Message"]');
  }

  component(): Locator {
    return this.page.getByRole('combobox', { name: 'Component' });
  }

  selector(): Locator {
    return this.page.getByRole('combobox', { name: 'Log selector' });
  }

  searchBox(): Locator {
    return this.page
      .getByRole('searchbox', { name: 'Search logs' })
      .or(this.page.getByRole('textbox', { name: 'Search logs' }));
  }

  /** Chooses a component by typing its shown name and picking it. */
  async chooseComponent(name: string): Promise<void> {
    await this.component().fill(name);
    // An option reads its title, then its name when the two differ.
    await this.page
      .getByRole('option')
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .first()
      .click();
  }

  /** Types a search as a person does; it applies once typing pauses. */
  async search(text: string): Promise<void> {
    await this.searchBox().fill(text);
  }

  emptyText(text: string): Locator {
    return this.table().getByText(text, { exact: true });
  }

  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }
}
