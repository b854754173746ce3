import type { Locator, Page } from '@playwright/test';

export interface NewIncidentInput {
  title: string;
  description?: string;
  /** Values as the selects hold them: 'availability', 'high', 'open'. */
  type?: string;
  severity?: string;
  status?: string;
}

/** /incidents: the filtered list and the Create New Incident dialog. */
export class IncidentsPage {
  constructor(readonly page: Page) {}

  /** Opens the list, optionally with filters such as '?status=all&severity=high'. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`incidents${query}`);
    await this.table().waitFor();
  }

  table(): Locator {
    return this.page.getByRole('grid', { name: 'Incidents' });
  }

  row(text: string): Locator {
    return this.table().getByRole('row').filter({ hasText: text });
  }

  /** The text the list shows without incidents. */
  emptyText(): Locator {
    return this.table().getByText('There are no incidents matching this criteria');
  }

  search(): Locator {
    return this.page.getByRole('textbox', { name: 'Search incidents' });
  }

  /**
   * A filter: 'Type', 'Severity', 'Status' and 'Component' are selects; 'Owner' is a search box
   * that shows the chosen person's name (choose with chooseOwner).
   */
  filter(name: 'Type' | 'Severity' | 'Status' | 'Owner' | 'Component'): Locator {
    return this.page.getByRole('combobox', { name, exact: true }).first();
  }

  /** Sets the owner filter: searches the person by name and picks them ('All owners' clears it). */
  async chooseOwner(name: string): Promise<void> {
    const owner = this.filter('Owner');
    if (name === 'All owners') await owner.click();
    else await owner.fill(name);
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  /** A query parameter of the current URL. */
  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  createButton(): Locator {
    return this.page.getByRole('button', { name: 'New Incident' });
  }

  createDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Create New Incident' });
  }

  /** Fills and sends Create New Incident; the console then opens the new incident. */
  async create(incident: NewIncidentInput): Promise<void> {
    await this.createButton().click();
    const dialog = this.createDialog();
    await dialog.getByLabel('Title').fill(incident.title);
    if (incident.description) await dialog.getByLabel('Description').fill(incident.description);
    if (incident.type) await dialog.getByLabel('Type').selectOption(incident.type);
    if (incident.severity) await dialog.getByLabel('Severity').selectOption(incident.severity);
    if (incident.status) await dialog.getByLabel('Status').selectOption(incident.status);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await this.page.waitForURL(/\/incidents\/[^/?]+$/);
  }
}
