import type { Locator, Page } from '@playwright/test';

export interface NewAgent {
  name: string;
  description?: string;
  /** Key and value of one property. */
  property?: [string, string];
  /** A scrape interval of §9 turns Kubernetes on with it. */
  kubernetesInterval?: string;
}

/** Agents (/settings/agents): the list, the agent form, the Installation Instructions, the delete. */
export class AgentsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('settings/agents');
    await this.table().waitFor();
  }

  table(): Locator {
    return this.page.getByRole('grid', { name: 'Agents' });
  }

  row(name: string): Locator {
    return this.table()
      .getByRole('row')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The agent's cell under a column header ('Checks', 'Status', …). */
  cell(name: string, column: string): Locator {
    return this.row(name).locator(`td[data-label="${column}"]`);
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.pf-v6-c-alert-group').getByText(text);
  }

  /** Add Agent, the form filled in, then Next: the console creates it and shows its instructions. */
  async addAgent(agent: NewAgent): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Agent' }).click();
    const form = this.dialog('Add Agent');
    await form.getByRole('textbox', { name: /^Name/ }).fill(agent.name);
    if (agent.description) await form.getByRole('textbox', { name: 'Description' }).fill(agent.description);
    if (agent.property) {
      await form.getByRole('button', { name: 'Add property' }).click();
      await form.getByRole('textbox', { name: 'Property 1 key' }).fill(agent.property[0]);
      await form.getByRole('textbox', { name: 'Property 1 value' }).fill(agent.property[1]);
    }
    if (agent.kubernetesInterval) {
      // PatternFly's switch draws its toggle over the input, which takes the click.
      await form.getByRole('switch', { name: 'Kubernetes' }).check({ force: true });
      await form.getByRole('combobox', { name: 'Scrape Interval' }).selectOption(agent.kubernetesInterval);
    }
    await form.getByRole('button', { name: 'Next' }).click();
  }

  instructions(): Locator {
    return this.dialog('Installation Instructions');
  }

  async accessToken(): Promise<string> {
    return this.instructions().getByRole('textbox', { name: 'Access token' }).inputValue();
  }

  async copyAccessToken(): Promise<void> {
    await this.instructions().getByRole('button', { name: 'Copy access token' }).click();
  }

  async clipboardText(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** The instructions' tab by name; its code region. */
  async installation(tab: 'Flux' | 'Helm CLI'): Promise<Locator> {
    await this.instructions().getByRole('tab', { name: tab }).click();
    return this.instructions().getByRole('region', {
      name: tab === 'Flux' ? 'Flux manifests' : 'Helm CLI command',
    });
  }

  async closeInstructions(): Promise<void> {
    // The footer's Close, not the header's close icon.
    await this.instructions().getByRole('contentinfo').getByRole('button', { name: 'Close' }).click();
    await this.instructions().waitFor({ state: 'hidden' });
  }

  /** Opens the agent from its row: its form, titled by its name. */
  async openAgent(name: string): Promise<Locator> {
    await this.row(name).getByText(name, { exact: true }).click();
    return this.dialog(name);
  }

  /** Delete from the agent's form: the resources question answered, then the deletion confirmed. */
  async deleteAgent(name: string, deleteResources: boolean): Promise<void> {
    const form = await this.openAgent(name);
    await form.getByRole('button', { name: 'Delete' }).click();
    await this.dialog('Delete Agent Resources')
      .getByRole('button', { name: deleteResources ? 'Yes' : 'No' })
      .click();
    await this.dialog('Delete Agent').getByRole('button', { name: 'Delete' }).click();
  }
}
