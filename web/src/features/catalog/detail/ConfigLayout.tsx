import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, Outlet, useHref, useMatch, useNavigate, useParams } from 'react-router';
import {
  Badge,
  Button,
  Drawer,
  DrawerActions,
  DrawerCloseButton,
  DrawerContent,
  DrawerContentBody,
  DrawerHead,
  DrawerPanelBody,
  DrawerPanelContent,
  Flex,
  FlexItem,
  Label,
  PageSection,
  Skeleton,
  Title,
  Tooltip,
} from '@patternfly/react-core';
import { PlayIcon } from '@patternfly/react-icons';
import '@patternfly/react-styles/css/components/Tabs/tabs.css';
import { Can } from '../../../components/Can/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { formatCount, formatPastAge } from '../../../lib/format.js';
import { prefetchRestStyles } from '../../../lib/rest-styles.js';
import { useWindowMatch } from '../../../lib/use-window-match.js';
import { PageHeader } from '../../../shell/page-header.js';
import { ScreenMessage } from '../../../shell/screens/ScreenMessage.js';
import type { ConfigItem, ConfigItemSummary } from '../types.js';
import { isConfigId, useConfigDetail, useRefreshConfig } from './config-api.js';
import type { ConfigOutletContext } from './config-outlet.js';
import { ConfigSidebar } from './ConfigSidebar.js';
import { GAP_ABOVE_MD, GAP_AROUND, GAP_BEFORE, PAD_MD } from './spacing.js';

// The playbooks area (its run dialog, its runs table) loads after the page's first screen: the
// menu is the one part of it the page shows. A dropdown's styles are the first load's (the
// shell's user menu is one); the dialog waits for the others itself.
const RunPlaybookMenu = lazy(async () => ({
  default: (await import('../../playbooks/index.js')).RunPlaybookMenu,
}));

export const DETAILS_NOT_FOUND = 'Details not found';

/** Below this window width the sidebar starts hidden behind "Show Sidebar" (spec 3 §2.1). */
export const SMALL_SCREEN_BELOW_PX = 1024;
const isSmallScreen = (view: Window) => view.innerWidth < SMALL_SCREEN_BELOW_PX;

/** The detail tabs: their path under /catalog/{id} and the summary count their badge shows. */
export const CONFIG_TABS: readonly { path: string; title: string; count?: keyof ConfigItemSummary }[] = [
  { path: '', title: 'Config' },
  { path: 'changes', title: 'Changes', count: 'changes' },
  { path: 'insights', title: 'Insights', count: 'analysis' },
  { path: 'relationships', title: 'Relationships', count: 'relationships' },
  { path: 'playbooks', title: 'Playbooks', count: 'playbook_runs' },
  { path: 'checks', title: 'Checks', count: 'checks' },
];

const TABS_ID = 'config-tabs';
const PANEL_ID = 'config-tab-panel';
const tabKey = (path: string) => path || 'config';
const tabId = (key: string) => `${TABS_ID}-${key}`;

/**
 * The page title as a breadcrumb: Catalog › type › name; a deleted item says since when. The top
 * bar puts the title in its h1, which holds phrasing content only, so the trail is links and text.
 */
function ConfigBreadcrumb({ config }: { config?: ConfigItem | null }) {
  const separator = (
    <span aria-hidden="true" style={GAP_AROUND}>
      ›
    </span>
  );
  return (
    <span>
      <Link to="/catalog">Catalog</Link>
      {config && (
        <>
          {separator}
          <Link to={`/catalog?${new URLSearchParams({ configType: config.type }).toString()}`}>
            {config.type}
          </Link>
          {separator}
          <span aria-current="page">{config.name}</span>
          {config.deleted_at && (
            <Tooltip content={`Deleted: ${formatPastAge(config.deleted_at) ?? ''}`}>
              <Label color="red" isCompact style={GAP_BEFORE} tabIndex={0}>
                Deleted
              </Label>
            </Tooltip>
          )}
        </>
      )}
    </span>
  );
}

/** A click the console routes itself: the main button without a key that asks for a new tab or window. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The keys that move focus along a tab list (ARIA's tabs pattern), to the index they lead to. */
function focusTarget(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowDown' || key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The vertical tab strip, drawn with PatternFly's tabs stylesheet but not its Tabs component: that
 * one measures its list on mount and on every update (scroll buttons, the current tab's accent),
 * two forced layouts of the whole page in its first render. The tabs are links (new tab, copy
 * address) that route inside the console on a plain click; arrows, Home and End move between
 * them, Enter or Space opens one.
 */
function ConfigTabs({ config, active }: { config: ConfigItem; active: string }) {
  const navigate = useNavigate();
  const base = `/catalog/${encodeURIComponent(config.id)}`;
  const baseHref = useHref(base);
  const summary = config.summary ?? {};
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
      return;
    }
    const target = focusTarget(event.key, index, CONFIG_TABS.length);
    if (target === undefined) return;
    event.preventDefault();
    links.current[target]?.focus();
  };

  return (
    <div id={TABS_ID} className="pf-v6-c-tabs pf-m-vertical">
      <ul
        className="pf-v6-c-tabs__list"
        role="tablist"
        aria-label="Config detail tabs"
        aria-orientation="vertical"
      >
        {CONFIG_TABS.map((tab, index) => {
          const key = tabKey(tab.path);
          const selected = key === active;
          const count = tab.count ? summary[tab.count] : undefined;
          return (
            <li
              key={key}
              className={selected ? 'pf-v6-c-tabs__item pf-m-current' : 'pf-v6-c-tabs__item'}
              role="presentation"
            >
              <a
                ref={(link) => {
                  links.current[index] = link;
                }}
                id={tabId(key)}
                className="pf-v6-c-tabs__link"
                href={tab.path ? `${baseHref}/${tab.path}` : baseHref}
                role="tab"
                aria-selected={selected}
                aria-controls={PANEL_ID}
                tabIndex={selected ? 0 : -1}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  void navigate(tab.path ? `${base}/${tab.path}` : base);
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span className="pf-v6-c-tabs__item-text">
                  {tab.title}
                  {typeof count === 'number' && (
                    <Badge isRead={count === 0} style={GAP_BEFORE}>
                      {formatCount(count)}
                    </Badge>
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PageSkeleton() {
  return (
    <PageSection aria-busy="true">
      <Skeleton height="2rem" width="40%" screenreaderText="Loading config" />
      <Skeleton height="24rem" style={GAP_ABOVE_MD} />
    </PageSection>
  );
}

/**
 * /catalog/{id} and its tabs: the breadcrumb, the left tab strip with count badges, the tab's page
 * (the route's child, given the config item), and the details sidebar on the right.
 */
export function ConfigLayout() {
  const { id = '' } = useParams();
  const { data: config, error, isLoading } = useConfigDetail(id);
  const refresh = useRefreshConfig(id);
  const small = useWindowMatch(isSmallScreen);
  // Unset until the user chooses: open beside the content, hidden on small screens.
  const [sidebarChoice, setSidebarChoice] = useState<boolean>();
  const sidebarOpen = sidebarChoice ?? !small;
  const active = tabKey(useMatch('/catalog/:id/:tab')?.params.tab ?? '');
  // The first screen is up once the item (or its error) is: the other pages' styles now.
  const firstScreenShown = !isLoading;
  useEffect(() => {
    if (firstScreenShown) prefetchRestStyles();
  }, [firstScreenShown]);

  const actions = config && (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
      <Can do="playbooks.run">
        <FlexItem>
          <Suspense fallback={null}>
            <RunPlaybookMenu
              resource={{ config_id: config.id, name: config.name }}
              label="Run Playbook"
              icon={<PlayIcon />}
              placement="right"
            />
          </Suspense>
        </FlexItem>
      </Can>
      <FlexItem>
        <Button
          variant="secondary"
          aria-expanded={sidebarOpen}
          aria-controls="config-sidebar"
          onClick={() => setSidebarChoice(!sidebarOpen)}
        >
          {sidebarOpen ? 'Hide Sidebar' : 'Show Sidebar'}
        </Button>
      </FlexItem>
    </Flex>
  );

  let content;
  if (isLoading) content = <PageSkeleton />;
  else if (error && config === undefined) content = <LoadError error={error} />;
  else if (!config || !isConfigId(id)) content = <ScreenMessage title={DETAILS_NOT_FOUND} />;
  else {
    const panel = (
      <DrawerPanelContent
        id="config-sidebar"
        widths={{ default: 'width_100', lg: 'width_33', xl: 'width_25' }}
      >
        <DrawerHead>
          <Title headingLevel="h2" size="lg">
            Details
          </Title>
          <DrawerActions>
            <DrawerCloseButton aria-label="Hide Sidebar" onClick={() => setSidebarChoice(false)} />
          </DrawerActions>
        </DrawerHead>
        <DrawerPanelBody>
          <ConfigSidebar config={config} />
        </DrawerPanelBody>
      </DrawerPanelContent>
    );
    content = (
      <PageSection padding={{ default: 'noPadding' }} isFilled>
        <Drawer isExpanded={sidebarOpen} isInline={!small} position="end">
          <DrawerContent panelContent={panel}>
            <DrawerContentBody>
              <Flex flexWrap={{ default: 'nowrap' }} alignItems={{ default: 'alignItemsStretch' }}>
                <FlexItem flex={{ default: 'flexNone' }}>
                  <ConfigTabs config={config} active={active} />
                </FlexItem>
                <FlexItem
                  grow={{ default: 'grow' }}
                  id={PANEL_ID}
                  role="tabpanel"
                  aria-labelledby={tabId(active)}
                  style={{ ...PAD_MD, minWidth: 0 }}
                >
                  <Outlet context={{ config } satisfies ConfigOutletContext} />
                </FlexItem>
              </Flex>
            </DrawerContentBody>
          </DrawerContent>
        </Drawer>
      </PageSection>
    );
  }

  return (
    <>
      <PageHeader
        title={<ConfigBreadcrumb config={config} />}
        actions={actions}
        onRefresh={() => void refresh()}
      />
      {content}
    </>
  );
}
