import type { Locator, Page } from '@playwright/test';

/** The detail panel's sections, in their order (spec 3 §2.2). */
export const PANEL_SECTIONS = [
  'Details',
  'Catalog',
  'Incidents',
  'Changes',
  'Checks',
  'Playbooks',
  'Teams',
  'Insights',
] as const;
export type PanelSection = (typeof PANEL_SECTIONS)[number];

export type ComponentAction = 'View Logs' | 'Zoom In' | 'Link to Incident' | 'Snapshot' | 'Link to catalog';

/**
 * A component's actions menu, wherever it is (a card or the panel): its items and their dialogs.
 */
export class ComponentActions {
  constructor(
    readonly page: Page,
    /** Where the menu's toggle is: a card or the panel. */
    readonly scope: Locator,
    readonly componentName: string,
  ) {}

  toggle(): Locator {
    return this.scope.getByRole('button', { name: `Actions of ${this.componentName}`, exact: true });
  }

  /** Opens the menu and returns one of its items. */
  async item(action: ComponentAction): Promise<Locator> {
    const item = this.page.getByRole('menuitem', { name: action, exact: true });
    if (!(await item.isVisible())) await this.toggle().click();
    return item;
  }

  async choose(action: ComponentAction): Promise<void> {
    await (await this.item(action)).click();
  }

  /** The items the open menu offers, in order. */
  async items(): Promise<string[]> {
    await this.toggle().click();
    const items = this.page.getByRole('menuitem');
    await items.first().waitFor();
    const names = (await items.allTextContents()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    return names;
  }

  snapshotDialog(): Locator {
    return this.page.getByRole('dialog', { name: `Download ${this.componentName} snapshot` });
  }

  linkToCatalogDialog(): Locator {
    return this.page.getByRole('dialog', { name: `Link ${this.componentName} to a catalog item` });
  }

  linkToIncidentDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Link to Incident' });
  }

  /** Link to catalog: searches the catalog for `configName` and links the item it finds. */
  async linkToCatalog(configName: string): Promise<void> {
    await this.choose('Link to catalog');
    const dialog = this.linkToCatalogDialog();
    await dialog.getByRole('combobox', { name: 'Catalog item' }).fill(configName);
    await this.page
      .getByRole('option', { name: new RegExp(`^${escapeRegExp(configName)}\\b`) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  }
}

/** The right-hand panel of /topology/{id}: its sections and its actions. */
export class TopologyPanel {
  constructor(
    readonly page: Page,
    readonly componentName: string,
  ) {}

  root(): Locator {
    return this.page.getByRole('complementary', { name: `${this.componentName} details`, exact: true });
  }

  title(): Locator {
    return this.root().getByRole('heading', { name: this.componentName, exact: true });
  }

  sectionToggle(section: PanelSection): Locator {
    return this.root().getByRole('button', { name: section, exact: true });
  }

  /** Opens a section (the open one closes) and returns its content. */
  async openSection(section: PanelSection): Promise<Locator> {
    const toggle = this.sectionToggle(section);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    return this.sectionContent(section);
  }

  sectionContent(section: PanelSection): Locator {
    return this.root().getByRole('region', { name: section, exact: true });
  }

  /** A section's list (a grid named after the section). */
  list(section: Exclude<PanelSection, 'Details' | 'Playbooks'>): Locator {
    return this.root().getByRole('grid', { name: section, exact: true });
  }

  collapseToggle(): Locator {
    return this.root().getByRole('button', { name: /^(Collapse|Expand) panel$/ });
  }

  actions(): ComponentActions {
    return new ComponentActions(this.page, this.root(), this.componentName);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
