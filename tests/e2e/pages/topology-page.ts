import type { Locator, Page } from '@playwright/test';

/** The empty state of the dashboard (spec 3 §2.2). */
export const NO_COMPONENTS = 'There are no components matching this criteria';

/** /topology and /topology/{id}: the card dashboard, its toolbar, breadcrumb and detail panel; and /view/topology/{id}. */
export class TopologyPage {
  constructor(readonly page: Page) {}

  /** Opens /topology (the roots) with an optional query such as '?type=Namespace', once cards or the empty state show. */
  async gotoRoot(query = ''): Promise<void> {
    await this.page.goto(`topology${query}`);
    await this.loaded();
  }

  /** Opens /topology/{id}. */
  async gotoComponent(id: string, query = ''): Promise<void> {
    await this.page.goto(`topology/${id}${query}`);
    await this.loaded();
  }

  /** Opens /topology, or /topology/{id}, with an optional query (the panel's spec opens pages so). */
  async open(id?: string, query = ''): Promise<void> {
    if (id) await this.gotoComponent(id, query);
    else await this.gotoRoot(query);
  }

  /** Opens the public read-only card /view/topology/{id}, optionally with a size (a name or pixels). */
  async gotoPublicView(id: string, size?: string): Promise<void> {
    await this.page.goto(`view/topology/${id}${size ? `?size=${encodeURIComponent(size)}` : ''}`);
  }

  /** Waits until the cards or the empty state are shown. */
  async loaded(): Promise<void> {
    await this.cards().or(this.page.getByText(NO_COMPONENTS)).first().waitFor();
  }

  /** The list of cards. */
  cards(): Locator {
    return this.page.getByRole('region', { name: 'Components' });
  }

  /** A card by the component's name (its title). */
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** The names on the cards, in their order on screen. */
  async cardNames(): Promise<string[]> {
    return (await this.cards().getByRole('article').locator('h3').allTextContents()).map((t) => t.trim());
  }

  /** A card's health as its border shows it: healthy, unhealthy, warning, info, unknown. */
  async cardHealth(name: string): Promise<string | null> {
    return this.card(name).getAttribute('data-health');
  }

  /** A card's actions menu toggle. */
  cardMenu(name: string): Locator {
    return this.card(name).getByRole('button', { name: `Actions of ${name}`, exact: true });
  }

  /** Zooms into a card from its title and waits for /topology/{id}. */
  async zoomInto(name: string): Promise<void> {
    await this.card(name).getByRole('heading', { name, exact: true }).getByRole('link').click();
    await this.page.waitForURL(/\/topology\/[^/?]+/);
    await this.loaded();
  }

  /** The page title: Topology › ancestors › the component. */
  breadcrumb(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** A crumb link by its component's name (or 'Topology'). */
  crumb(name: string): Locator {
    return this.breadcrumb().getByRole('link', { name, exact: true });
  }

  /** A filter of the toolbar: 'Health', 'Type', 'Team', 'Labels', 'Agent'. */
  filter(label: 'Health' | 'Type' | 'Team' | 'Labels' | 'Agent'): Locator {
    return this.page.getByRole('combobox', { name: `${label}:` });
  }

  async setFilter(label: 'Health' | 'Type' | 'Team' | 'Labels' | 'Agent', option: string): Promise<void> {
    await this.filter(label).selectOption({ label: option });
  }

  sortBy(): Locator {
    return this.page.getByRole('combobox', { name: 'Sort by:' });
  }

  /** The button that flips the sort order. */
  sortOrderToggle(): Locator {
    return this.page.getByRole('button', { name: /^Sorted (ascending|descending)/ });
  }

  /** Opens the Preferences popover (card width, sizes, hidden, flatten) unless it is open. */
  async openPreferences(): Promise<void> {
    if (await this.cardWidthSlider().isVisible()) return;
    await this.page.getByRole('button', { name: 'Preferences' }).click();
    await this.cardWidthSlider().waitFor();
  }

  cardWidthSlider(): Locator {
    return this.page.getByRole('slider', { name: 'Card width' });
  }

  /** Sets the card width with the slider (250 to 768, steps of 2). */
  async setCardWidth(width: number): Promise<void> {
    await this.openPreferences();
    await this.cardWidthSlider().fill(String(width));
  }

  /** Chooses a size preset: 'Small', 'Medium', 'Large', 'Extra large'. */
  async setCardSize(size: 'Small' | 'Medium' | 'Large' | 'Extra large'): Promise<void> {
    await this.openPreferences();
    await this.page.getByRole('button', { name: size, exact: true }).click();
  }

  /** The width in pixels of the first card on screen. */
  async cardWidth(): Promise<number> {
    const card = this.cards().getByRole('article').first();
    return card.evaluate((element) => Math.round(element.getBoundingClientRect().width));
  }

  /** The slot of the right-hand detail panel of /topology/{id}. */
  detailPanel(): Locator {
    return this.page.locator('#topology-detail-panel');
  }

  /** The panel's own button that collapses it to a bar or expands it. */
  detailPanelToggle(): Locator {
    return this.detailPanel().getByRole('button', { name: /^(Collapse|Expand) panel$/ });
  }

  /** Expands the detail panel unless it is expanded. */
  async showDetails(): Promise<void> {
    if ((await this.detailPanelToggle().getAttribute('aria-expanded')) !== 'true') {
      await this.detailPanelToggle().click();
    }
  }

  /** The warning shown when the answer holds several components for the id. */
  multipleComponentsWarning(): Locator {
    return this.page.getByText('Response has multiple components for the id.');
  }

  /** The public view's message for an unknown component. */
  notFound(): Locator {
    return this.page.getByText('Component not found');
  }

  /** A query parameter of the current URL. */
  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }
}
