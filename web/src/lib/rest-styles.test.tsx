import { act, screen, waitFor } from '@testing-library/react';
import { REST_STYLESHEET_META } from '../../../common/first-load.js';
import { CONFIG_ID, replyConfig } from '../features/catalog/detail/test-support.js';
import { fakeApiPerTest, renderConsole } from '../shell/test-support.js';
import { loadRestStyles, resetRestStyles } from './rest-styles.js';

const page = fakeApiPerTest();
const NOT_BUILT = 'This part of the console is not built yet.';
const REST = 'assets/rest-ABCDEFGH.css';

const restLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) =>
    link.getAttribute('href')?.endsWith(REST),
  );

/** jsdom fetches no stylesheet: the test says when the rest stylesheet has loaded (or failed). */
const finishLoading = (type: 'load' | 'error') =>
  act(() => {
    restLinks().at(-1)!.dispatchEvent(new Event(type));
  });

// A production build's index.html names the other pages' stylesheet in a meta; the UI links it
// once, and a page whose styles are in it renders only once it applies.
describe('the stylesheet of the pages the first load does not show', () => {
  beforeEach(() => {
    resetRestStyles();
    const meta = document.createElement('meta');
    meta.name = REST_STYLESHEET_META;
    meta.content = REST;
    document.head.appendChild(meta);
  });
  afterEach(() => {
    document.head.querySelectorAll(`meta[name="${REST_STYLESHEET_META}"]`).forEach((meta) => meta.remove());
    restLinks().forEach((link) => link.remove());
    resetRestStyles();
  });

  it('holds another page back until it has loaded, and links it once for every page', async () => {
    const { router } = renderConsole('/settings/properties/row-1');
    await waitFor(() => expect(restLinks()).toHaveLength(1));
    // The page's module is in, and the chrome's: the route still waits for the styles.
    await act(async () => {
      await Promise.all([import('../shell/screens/NotBuiltPage.js'), import('../shell/AppShell.js')]);
    });
    expect(router.state.initialized).toBe(false);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_BUILT)).not.toBeInTheDocument();
    finishLoading('load');
    expect(await screen.findByText(NOT_BUILT)).toBeInTheDocument();

    await act(() => router.navigate('/settings/notifications/row-1'));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 2 })).toBeInTheDocument();
    expect(restLinks()).toHaveLength(1);
  });

  it('does not hold /health back, and fetches it at low priority once the checks are shown', async () => {
    page.api.reply('GET api/canary/api/summary', { status: 200, body: { checks_summary: [] } });
    renderConsole('/health');
    // The stylesheet never loads here: the page shows regardless.
    expect(await screen.findByRole('heading', { name: 'Health', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(restLinks()).toHaveLength(1));
    expect(restLinks()[0]).toHaveAttribute('fetchpriority', 'low');
  });

  it('does not hold the catalog item page back, and fetches it at low priority once the item is shown', async () => {
    replyConfig(page.api);
    renderConsole(`/catalog/${CONFIG_ID}`);
    // The stylesheet never loads here: the Config tab and the sidebar show regardless.
    expect(await screen.findByRole('region', { name: 'Config' })).toBeInTheDocument();
    expect(screen.getByLabelText('Config details')).toBeInTheDocument();
    await waitFor(() => expect(restLinks()).toHaveLength(1));
    expect(restLinks()[0]).toHaveAttribute('fetchpriority', 'low');
  });

  it('says the styles could not load when the stylesheet fails, and links it again for the next page', async () => {
    const failed = loadRestStyles();
    finishLoading('error');
    await expect(failed).rejects.toThrow('The console could not load its styles. Reload the page.');
    expect(restLinks()).toHaveLength(0);
    const again = loadRestStyles();
    expect(restLinks()).toHaveLength(1);
    finishLoading('load');
    await expect(again).resolves.toBeUndefined();
  });

  it('has nothing to wait for without the meta (a development build)', async () => {
    document.head.querySelector(`meta[name="${REST_STYLESHEET_META}"]`)!.remove();
    renderConsole('/settings/properties/row-1');
    expect(await screen.findByText(NOT_BUILT)).toBeInTheDocument();
    expect(restLinks()).toHaveLength(0);
  });
});
