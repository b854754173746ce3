import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { activeCatalogTab, CatalogTabsLayout } from './CatalogTabsLayout.js';

fakeApiPerTest();

function renderTabs(path: string) {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      {
        path: 'catalog',
        element: <CatalogTabsLayout />,
        children: [
          { index: true, element: <p>catalog list</p> },
          { path: 'changes', element: <p>changes list</p> },
          { path: 'insights', element: <p>insights list</p> },
          { path: 'scrapers', element: <p>scrapers list</p> },
        ],
      },
    ],
    path,
  );
  const location = () => `${result.router.state.location.pathname}${result.router.state.location.search}`;
  return { ...result, user, location };
}

describe('CatalogTabsLayout', () => {
  it('shows the four tabs above the chosen one, carrying configType to Changes and Insights only', async () => {
    const { user, location } = renderTabs('/catalog?configType=Kubernetes::Pod&health=healthy:1');
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Catalog', 'Changes', 'Insights', 'Scrapers']);
    expect(within(tabs).getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Catalog' })).toHaveTextContent('catalog list');
    expect(within(tabs).getByRole('tab', { name: 'Changes' })).toHaveAttribute(
      'aria-controls',
      'catalog-tab-panel',
    );

    await user.click(within(tabs).getByRole('tab', { name: 'Changes' }));
    expect(await screen.findByText('changes list')).toBeInTheDocument();
    expect(location()).toBe('/catalog/changes?configType=Kubernetes%3A%3APod');

    await user.click(within(tabs).getByRole('tab', { name: 'Insights' }));
    expect(await screen.findByText('insights list')).toBeInTheDocument();
    expect(location()).toBe('/catalog/insights?configType=Kubernetes%3A%3APod');

    await user.click(within(tabs).getByRole('tab', { name: 'Scrapers' }));
    expect(await screen.findByText('scrapers list')).toBeInTheDocument();
    expect(location()).toBe('/catalog/scrapers');
    expect(within(tabs).getByRole('tab', { name: 'Scrapers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('knows the tab of a nested path', () => {
    expect(activeCatalogTab('/catalog/scrapers/abc')).toBe('scrapers');
    expect(activeCatalogTab('/catalog/')).toBe('catalog');
  });
});
