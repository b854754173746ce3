import { Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';

/** The catalog's tabs (spec 3 §2.1); the first three carry the chosen configType along. */
export const CATALOG_TABS = [
  { key: 'catalog', title: 'Catalog', path: '/catalog', carriesType: true },
  { key: 'changes', title: 'Changes', path: '/catalog/changes', carriesType: true },
  { key: 'insights', title: 'Insights', path: '/catalog/insights', carriesType: true },
  { key: 'scrapers', title: 'Scrapers', path: '/catalog/scrapers', carriesType: false },
] as const;

type TabKey = (typeof CATALOG_TABS)[number]['key'];

const PANEL_ID = 'catalog-tab-panel';

/** The tab a path is under: the longest tab path it starts with. */
export function activeCatalogTab(pathname: string): TabKey {
  const path = pathname.replace(/\/+$/, '');
  const match = [...CATALOG_TABS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => path === tab.path || path.startsWith(`${tab.path}/`));
  return match?.key ?? 'catalog';
}

/** Where a tab leads from the current query: its path, with configType when it carries it. */
export function catalogTabHref(key: TabKey, search: URLSearchParams): string {
  const tab = CATALOG_TABS.find((t) => t.key === key)!;
  const configType = search.get('configType');
  return tab.carriesType && configType
    ? `${tab.path}?${new URLSearchParams({ configType }).toString()}`
    : tab.path;
}

/**
 * The layout of /catalog, /catalog/changes, /catalog/insights and /catalog/scrapers: the tab strip
 * above the page of the chosen tab.
 */
export function CatalogTabsLayout() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const active = activeCatalogTab(pathname);

  return (
    <>
      <Tabs
        aria-label="Catalog sections"
        activeKey={active}
        onSelect={(_event, key) => {
          if (key !== active) void navigate(catalogTabHref(key as TabKey, searchParams));
        }}
      >
        {CATALOG_TABS.map((tab) => (
          <Tab
            key={tab.key}
            id={tab.key}
            eventKey={tab.key}
            title={<TabTitleText>{tab.title}</TabTitleText>}
            tabContentId={PANEL_ID}
          />
        ))}
      </Tabs>
      {/* Every tab controls the one panel the chosen tab's page renders in. */}
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`pf-tab-${active}-${active}`}>
        <Outlet />
      </div>
    </>
  );
}
