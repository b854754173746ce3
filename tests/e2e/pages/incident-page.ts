import type { Download, Locator, Page } from '@playwright/test';

export type IncidentPanel = 'Details' | 'Definition of done' | 'Changelog';

/** /incidents/{id}: the tabs, the side panels, the status moves and the definition of done. */
export class IncidentPage {
  constructor(readonly page: Page) {}

  /** Opens the incident by its row id; `tab` is 'comments' or 'action-plan'. */
  async open(id: string, tab?: 'comments' | 'action-plan'): Promise<void> {
    await this.page.goto(`incidents/${id}${tab ? `?tab=${tab}` : ''}`);
    await this.page.getByRole('tab', { name: 'Comments' }).waitFor();
  }

  /** The page title: a breadcrumb from Incidents to the incident. */
  breadcrumb(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  tab(name: 'Comments' | 'Action Plan'): Locator {
    return this.page.getByRole('tab', { name });
  }

  panelToggle(name: IncidentPanel): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Opens a side panel (the others close). */
  async openPanel(name: IncidentPanel): Promise<void> {
    const toggle = this.panelToggle(name);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  details(): Locator {
    return this.page.getByRole('region', { name: 'Incident details' });
  }

  statusSelect(): Locator {
    return this.details().getByRole('combobox', { name: 'Status' });
  }

  /** The commander picker: a search box showing the commander's name (absent while closed). */
  commander(): Locator {
    return this.details().getByRole('combobox', { name: 'Commander' });
  }

  /** Makes `name` the commander ('None' clears it): searches them by name and picks them. */
  async chooseCommander(name: string): Promise<void> {
    await this.openPanel('Details');
    if (name === 'None') await this.commander().click();
    else await this.commander().fill(name);
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  /**
   * Moves the incident to `status` (its value: 'mitigated'). For Mitigated and Resolved the
   * contributing-factors dialog answers: the evidences named by `factors` are submitted, or Skip
   * when there are none.
   */
  async setStatus(status: string, factors: string[] = []): Promise<void> {
    await this.openPanel('Details');
    await this.statusSelect().selectOption(status);
    if (status === 'mitigated' || status === 'resolved') {
      const dialog = this.contributingFactorsDialog();
      for (const factor of factors) await dialog.getByRole('checkbox', { name: factor }).check();
      await dialog.getByRole('button', { name: factors.length ? 'Submit' : 'Skip' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await this.page.getByText('Incident status updated successfully').first().waitFor();
  }

  contributingFactorsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add contributing factors to definition of done' });
  }

  /** The page toggle: 'Close incident' or 'Reopen incident'. */
  statusToggle(): Locator {
    return this.page.getByRole('button', { name: /^(Close|Reopen) incident$/ });
  }

  definitionOfDone(): Locator {
    return this.page.getByRole('list', { name: 'Definition of done' });
  }

  /**
   * Adds evidences to the definition of done with the Automatic wizard, with an optional script:
   * typed, or one of the wizard's samples picked by its label.
   */
  async addAutomaticDefinitionOfDone(
    evidences: string[],
    script?: string | { sample: string },
  ): Promise<void> {
    await this.openPanel('Definition of done');
    await this.page.getByRole('button', { name: 'Add definition of done' }).click();
    const wizard = this.page.getByRole('dialog', { name: 'Add Definition of Done' });
    await wizard.getByRole('button', { name: 'Automatic' }).click();
    for (const evidence of evidences) await wizard.getByRole('checkbox', { name: evidence }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    if (typeof script === 'string')
      await wizard.getByRole('textbox', { name: 'Define done using a CEL expression:' }).fill(script);
    else if (script) await wizard.getByRole('button', { name: `Use sample: ${script.sample}` }).click();
    await wizard.getByRole('button', { name: 'Add', exact: true }).click();
    await wizard.waitFor({ state: 'hidden' });
  }

  /** Adds a manual definition-of-done item (a comment). */
  async addManualDefinitionOfDone(text: string): Promise<void> {
    await this.openPanel('Definition of done');
    await this.page.getByRole('button', { name: 'Add definition of done' }).click();
    const wizard = this.page.getByRole('dialog', { name: 'Add Definition of Done' });
    await wizard.getByRole('button', { name: 'Manual' }).click();
    await wizard.getByRole('textbox', { name: 'Manual Definition of Done' }).fill(text);
    await wizard.getByRole('button', { name: 'Add', exact: true }).click();
    await wizard.waitFor({ state: 'hidden' });
  }

  changelog(): Locator {
    return this.page.getByRole('list', { name: 'Changelog' });
  }

  /** Opens the changelog panel and answers its rows. */
  async changelogRows(): Promise<Locator> {
    await this.openPanel('Changelog');
    await this.changelog().or(this.page.getByText('No changelog found')).first().waitFor();
    return this.changelog().getByRole('listitem');
  }

  /** A hypothesis of the Action Plan by its type label and title: 'Root cause', 'Factor', 'Solution'. */
  hypothesis(type: 'Root cause' | 'Factor' | 'Solution', title: string): Locator {
    return this.page.getByRole('article', { name: `${type}: ${title}`, exact: true });
  }

  /** Adds a factor under a root cause or a solution under a factor, through the Action Plan's modal. */
  async addChildHypothesis(parent: Locator, child: 'factor' | 'solution', title: string): Promise<void> {
    await parent.getByRole('button', { name: `Add ${child}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Add ${child}` });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The Comments tab's own form: the hypothesis picker and the comment box. */
  commentForm(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Comments' });
  }

  /**
   * Types `@` and the start of a name into a comment box and picks the person the picker offers:
   * the box then holds the mention.
   */
  async mention(box: Locator, typed: string, person: string): Promise<void> {
    await box.pressSequentially(`@${typed}`);
    const picker = this.page.getByRole('listbox', { name: 'People to mention' });
    await picker.getByText(person, { exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
  }

  commentTimeline(): Locator {
    return this.page.getByRole('list', { name: 'Comment timeline' });
  }

  responders(): Locator {
    return this.details().getByRole('list', { name: 'Responders' });
  }

  /** Opens the Add Responder wizard from the Details panel. */
  async openAddResponder(): Promise<Locator> {
    await this.openPanel('Details');
    await this.details().getByRole('button', { name: 'Add Responder' }).click();
    return this.page.getByRole('dialog', { name: 'Add Responder' });
  }

  /** Downloads the postmortem export. */
  async downloadPostmortem(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('link', { name: 'Download postmortem' }).click();
    return download;
  }
}
