import fs from 'node:fs';
import type { APIRequestContext, Locator } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, SIGNED_OUT } from './accounts.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { SignInPage } from './pages/sign-in.js';
import { ComponentActions, PANEL_SECTIONS, TopologyPanel } from './pages/topology-panel.js';
import { TopologyPage } from './pages/topology-page.js';

/** The demo's root component of its platform topology. */
const PLATFORM = 'Acme Platform';
const suffix = () => Date.now().toString(36);

interface ComponentName {
  id: string;
  name: string;
  parent_id: string | null;
}

/** Rows of an /api/db relation, read as the administrator. */
async function dbRows<Row>(api: APIRequestContext, relation: string, query: Record<string, string>) {
  const response = await api.get(`api/db/${relation}?${new URLSearchParams(query).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Row[];
}

/** A live component of the demo by name (the first when names repeat). */
async function demoComponent(api: APIRequestContext, name: string): Promise<ComponentName> {
  const [row] = await dbRows<ComponentName>(api, 'component_names', {
    select: 'id,name,parent_id',
    name: `eq.${name}`,
    deleted_at: 'is.null',
    limit: '1',
  });
  expect(row, `a demo component named ${name}`).toBeDefined();
  return row!;
}

/** A child of a component (the first by name). */
async function firstChild(api: APIRequestContext, parentId: string): Promise<ComponentName> {
  const [row] = await dbRows<ComponentName>(api, 'component_names', {
    select: 'id,name,parent_id',
    parent_id: `eq.${parentId}`,
    deleted_at: 'is.null',
    order: 'name',
    limit: '1',
  });
  expect(row, 'a child of the component').toBeDefined();
  return row!;
}

/** The value a slider shows, native or ARIA. */
async function sliderValue(slider: Locator): Promise<number> {
  const aria = await slider.getAttribute('aria-valuenow');
  return Number(aria ?? (await slider.inputValue()));
}

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('signing in lands on the topology cards', async ({ page }) => {
    await page.goto('./');
    await expect(page).toHaveURL(/\/console\/login/);
    await new SignInPage(page).signIn('admin', E2E_ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/console\/topology$/);
    const cards = new TopologyPage(page);
    await expect(cards.card(PLATFORM)).toBeVisible();
    await expect(cards.card(PLATFORM)).toContainText(PLATFORM);
    await expect(page.getByText('There are no components matching this criteria')).toBeHidden();
  });
});

test('a reload shows the cards the server drew, which the page then takes over without reading them again', async ({
  page,
}) => {
  const cards = new TopologyPage(page);
  const readsAgain: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(canary\/api\/topology\?depth=2|auth\/whoami)$/.test(request.url()))
      readsAgain.push(request.url());
  });
  const response = await page.goto('topology');
  // The page as it arrives: the cards are in it, inert until the UI has rendered them itself.
  const html = await response!.text();
  expect(html).toContain('<div id="root" inert aria-hidden="true">');
  expect(html).toContain(`>${PLATFORM}<`);
  await expect(cards.card(PLATFORM)).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await cards.cardMenu(PLATFORM).click();
  await expect(page.getByRole('menuitem', { name: 'Zoom In' })).toBeVisible();
  expect(readsAgain).toEqual([]);
});

test('a card zooms into its component, keeping the query, and its panel opens each section in turn', async ({
  page,
  adminApi,
}) => {
  const platform = await demoComponent(adminApi, PLATFORM);
  const cards = new TopologyPage(page);
  await cards.open(undefined, '?sortOrder=asc');
  await new ComponentActions(page, cards.card(PLATFORM), PLATFORM).choose('Zoom In');
  await expect(page).toHaveURL(new RegExp(`/topology/${platform.id}\\?sortOrder=asc$`));

  const panel = new TopologyPanel(page, PLATFORM);
  await expect(panel.title()).toBeVisible();
  await expect(panel.sectionToggle('Details')).toHaveAttribute('aria-expanded', 'true');
  const details = panel.sectionContent('Details');
  await expect(details.getByRole('link', { name: 'Topology settings' })).toHaveAttribute(
    'href',
    /\/console\/settings\/topologies\/[0-9a-f-]{36}$/,
  );
  await expect(details.getByRole('link', { name: 'Runbooks' })).toBeVisible();
  // The panel's menu has no Zoom In: the page is already the component's.
  expect(await panel.actions().items()).not.toContain('Zoom In');

  for (const section of PANEL_SECTIONS) {
    const content = await panel.openSection(section);
    await expect(panel.sectionToggle(section)).toHaveAttribute('aria-expanded', 'true');
    await expect(content).toBeVisible();
    await expect(content).not.toContainText('Something went wrong');
    const others = PANEL_SECTIONS.filter((other) => other !== section);
    for (const other of others)
      await expect(panel.sectionToggle(other)).toHaveAttribute('aria-expanded', 'false');
  }
  await expectAccessible(page);

  // A child's card zooms in again, naming the parent it was reached from.
  const child = await firstChild(adminApi, platform.id);
  await new ComponentActions(page, cards.card(child.name), child.name).choose('Zoom In');
  await expect(page).toHaveURL(new RegExp(`/topology/${child.id}\\?`));
  const query = new URL(page.url()).searchParams;
  expect(query.get('refererId')).toBe(platform.id);
  expect(query.get('sortOrder')).toBe('asc');
  await expect(new TopologyPanel(page, child.name).title()).toBeVisible();

  // The panel collapses to a bar and opens again.
  const childPanel = new TopologyPanel(page, child.name);
  await childPanel.collapseToggle().click();
  await expect(childPanel.sectionToggle('Details')).toBeHidden();
  await childPanel.collapseToggle().click();
  await expect(childPanel.sectionToggle('Details')).toBeVisible();
});

test('the panel links the component to a catalog item by hand, and unlinks it', async ({
  page,
  adminApi,
}) => {
  const platform = await demoComponent(adminApi, PLATFORM);
  const [config] = await dbRows<{ id: string; name: string }>(adminApi, 'config_names', {
    select: 'id,name',
    deleted_at: 'is.null',
    order: 'name',
    limit: '1',
  });
  expect(config, 'a demo catalog item').toBeDefined();
  const unlinkAll = () =>
    adminApi.delete(
      `api/db/config_component_relationships?${new URLSearchParams({
        component_id: `eq.${platform.id}`,
        selector_id: 'eq.manual',
      }).toString()}`,
    );

  try {
    const cards = new TopologyPage(page);
    await cards.open(platform.id);
    const panel = new TopologyPanel(page, PLATFORM);
    const actions = panel.actions();
    await actions.choose('Link to catalog');
    const dialog = actions.linkToCatalogDialog();
    await expect(dialog.getByRole('button', { name: 'Link', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await actions.linkToCatalog(config!.name);
    await expect(page.getByText('config link successful')).toBeVisible();
    await expect(dialog).toBeHidden();

    await panel.openSection('Catalog');
    const row = panel
      .list('Catalog')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: config!.name, exact: true }) })
      .first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Unlink' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink catalog item' });
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByText('Deleted config link successfully')).toBeVisible();
    await expect(row).toBeHidden();
  } finally {
    await unlinkAll();
  }
});

test('the panel links the component to a new incident, which its Incidents section then lists', async ({
  page,
  adminApi,
}) => {
  const platform = await demoComponent(adminApi, PLATFORM);
  const cards = new TopologyPage(page);
  await cards.open(platform.id);
  const panel = new TopologyPanel(page, PLATFORM);
  await panel.actions().choose('Link to Incident');
  const dialog = panel.actions().linkToIncidentDialog();
  const title = `e2e topology ${suffix()}`;
  await dialog.getByRole('combobox', { name: 'Incident', exact: true }).selectOption({
    label: 'Create a new incident',
  });
  await dialog.getByRole('textbox', { name: 'Incident title' }).fill(title);
  await dialog.getByRole('combobox', { name: 'Severity' }).selectOption('high');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('availability');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Linked to incident successfully:')).toBeVisible();
  await expect(dialog).toBeHidden();

  const incidents = await panel.openSection('Incidents');
  const link = incidents.getByRole('link', { name: title, exact: true });
  await expect(link).toBeVisible();
  await expect(
    incidents.getByRole('link', { name: `availability incidents of ${PLATFORM}` }).first(),
  ).toHaveAttribute('href', new RegExp(`/incidents\\?type=availability&component=${platform.id}$`));
  await link.click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
});

test('a snapshot downloads as a zip named after the component', async ({ page, adminApi }) => {
  const platform = await demoComponent(adminApi, PLATFORM);
  const cards = new TopologyPage(page);
  await cards.open(platform.id);
  const actions = new TopologyPanel(page, PLATFORM).actions();
  await actions.choose('Snapshot');
  const dialog = actions.snapshotDialog();
  await expect(dialog.getByLabel('Time Range')).toHaveValue('15m');
  await expect(dialog.getByRole('switch', { name: 'Include related components' })).not.toBeChecked();
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Acme-Platform-snapshot.zip');
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  // A zip starts with its local file header's signature, "PK\x03\x04".
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  await expect(dialog).toBeHidden();
});

test('the card width is kept after a reload', async ({ page }) => {
  const cards = new TopologyPage(page);
  await cards.open();
  await expect(cards.card(PLATFORM)).toBeVisible();
  const widthBefore = await cards.cardWidth();
  await cards.openPreferences();
  const slider = cards.cardWidthSlider();
  const before = await sliderValue(slider);
  await slider.focus();
  for (let step = 0; step < 10; step++) await page.keyboard.press(before > 500 ? 'ArrowLeft' : 'ArrowRight');
  const chosen = await sliderValue(slider);
  expect(chosen).not.toBe(before);
  expect(chosen).toBeGreaterThanOrEqual(250);
  expect(chosen).toBeLessThanOrEqual(768);

  await expect.poll(() => cards.cardWidth()).not.toBe(widthBefore);
  const widthChosen = await cards.cardWidth();

  await page.reload();
  await expect(cards.card(PLATFORM)).toBeVisible();
  expect(await cards.cardWidth()).toBe(widthChosen);
  await cards.openPreferences();
  await expect.poll(() => sliderValue(cards.cardWidthSlider())).toBe(chosen);
});

test('the public view shows the component card, and says when there is none', async ({ page, adminApi }) => {
  const platform = await demoComponent(adminApi, PLATFORM);
  await page.goto(`view/topology/${platform.id}`);
  await expect(page.getByText(PLATFORM, { exact: true }).first()).toBeVisible();
  // Read-only: no sidebar and no panel.
  await expect(page.getByRole('complementary', { name: `${PLATFORM} details` })).toHaveCount(0);

  await page.goto('view/topology/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Component not found')).toBeVisible();
});
