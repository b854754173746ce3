import type { Locator, Page } from '@playwright/test';

export type ConfigTab = 'Config' | 'Changes' | 'Insights' | 'Relationships' | 'Playbooks' | 'Checks';

/** /catalog and its tabs: the grouped summary, the item table, the changes and the scrapers. */
export class CatalogPage {
  constructor(readonly page: Page) {}

  /** Opens /catalog with an optional query such as '?configType=Kubernetes::Pod'. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`catalog${query}`);
    await this.page.getByRole('tab', { name: 'Catalog', exact: true }).waitFor();
  }

  summary(): Locator {
    return this.page.getByRole('grid', { name: 'Catalog summary' });
  }

  /** The provider row of the summary that opens and closes its types. */
  providerToggle(provider: string): Locator {
    return this.summary().getByRole('button', { name: `Toggle group ${provider}`, exact: true });
  }

  /** A row of the summary by the type it counts. */
  summaryRow(type: string): Locator {
    return this.summary()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell', { name: type, exact: true }) });
  }

  items(): Locator {
    return this.page.getByRole('grid', { name: 'Catalog items' });
  }

  /** A row of the item table by the item's name. */
  itemRow(name: string): Locator {
    return this.items()
      .getByRole('row')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The name an item row shows (without the agent's label beside it). */
  async itemName(row: Locator): Promise<string> {
    return ((await row.locator('.ops-catalog-item-name').textContent()) ?? '').trim();
  }

  /** A query parameter of the current URL, every value of it. */
  query(name: string): string[] {
    return new URL(this.page.url()).searchParams.getAll(name);
  }

  /** Opens /catalog/changes. */
  async openChanges(query = ''): Promise<void> {
    await this.page.goto(`catalog/changes${query}`);
    await this.changes().waitFor();
  }

  /** The changes table, global or of a config. */
  changes(): Locator {
    return this.page.getByRole('grid', { name: /changes$/i });
  }

  /** Opens /catalog/scrapers. */
  async openScrapers(): Promise<void> {
    await this.page.goto('catalog/scrapers');
    await this.page.getByRole('grid', { name: 'Catalog scrapers' }).waitFor();
  }
}

/** /catalog/{id}: the breadcrumb, the tabs with their counts, the Config tab's lines. */
export class ConfigPage {
  constructor(readonly page: Page) {}

  /** Opens a config by its id, optionally on a tab's path ('changes', 'relationships'). */
  async open(id: string, tab = ''): Promise<void> {
    await this.page.goto(`catalog/${id}${tab ? `/${tab}` : ''}`);
    await this.tabs().waitFor();
  }

  /** The page title: Catalog › type › name. */
  breadcrumb(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The config's tab strip. */
  tabs(): Locator {
    return this.page.getByRole('main').getByRole('tablist', { name: 'Config detail tabs' });
  }

  /** A tab by its title; its name carries the count badge ('Changes 8'). */
  tab(name: ConfigTab): Locator {
    return this.tabs().getByRole('tab', { name: new RegExp(`^${name}( \\d+\\+?k?)?$`) });
  }

  /** The Config tab's lines: options of a multi-select list. */
  lines(): Locator {
    return this.page.getByRole('listbox', { name: 'Config lines' }).getByRole('option');
  }

  /** The Relationships tab's graph (it loads on first use). */
  graph(): Locator {
    return this.page.getByRole('group', { name: 'Relationships graph' });
  }

  /**
   * Clicks a graph node on its shape: a node's box holds the shape with its label below, and the
   * box's centre can fall in the gap between them, on the canvas.
   */
  async clickNode(node: Locator): Promise<void> {
    const box = await node.boundingBox();
    if (!box) throw new Error('the graph node is not rendered');
    await node.click({ position: { x: box.width / 2, y: Math.min(12, box.height / 4) } });
  }
}
