import type { Locator, Page } from '@playwright/test';

/** The console's chrome: top bar, sidebar, user menu and the page area. */
export class ConsoleShell {
  constructor(readonly page: Page) {}

  /** Opens a console path relative to the base path, e.g. 'health' or 'settings/users'. */
  async open(path = ''): Promise<void> {
    await this.page.goto(path);
    await this.pageTitle().waitFor();
  }

  pageTitle(): Locator {
    return this.page.getByRole('banner').getByRole('heading', { level: 1 });
  }

  sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Console' });
  }

  navLink(name: string): Locator {
    return this.sidebar().getByRole('link', { name, exact: true });
  }

  settingsGroup(): Locator {
    return this.sidebar().getByRole('button', { name: 'Settings' });
  }

  async openSettingsGroup(): Promise<void> {
    if ((await this.settingsGroup().getAttribute('aria-expanded')) !== 'true')
      await this.settingsGroup().click();
  }

  sidebarToggle(): Locator {
    return this.page.getByRole('button', { name: /^(Collapse|Expand) sidebar$/ });
  }

  /** The width the sidebar takes on screen, in pixels. */
  async sidebarWidth(): Promise<number> {
    return (await this.page.locator('#ops-sidebar, .ops-sidebar').first().boundingBox())?.width ?? 0;
  }

  /** The user menu's toggle, named after the signed-in person. */
  userMenuToggle(userName = 'Admin'): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: userName, exact: true });
  }

  async openUserMenu(userName = 'Admin'): Promise<Locator> {
    await this.userMenuToggle(userName).click();
    return this.page.locator('.pf-v6-c-menu').filter({ hasText: 'Sign out' });
  }

  themeToggle(): Locator {
    return this.page.getByRole('button', { name: /^Switch to (dark|light) theme$/ });
  }

  async isDark(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.classList.contains('pf-v6-theme-dark'));
  }

  notBuiltMessage(): Locator {
    return this.page.getByText('This part of the console is not built yet.');
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.pf-v6-c-alert-group').getByText(text);
  }
}
