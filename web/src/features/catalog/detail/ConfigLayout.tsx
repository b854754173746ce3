import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useMatch, useParams } from 'react-router';
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
import { Can } from '../../../components/Can/index.js';
import { LinkedAgentNote } from '../../../components/LinkedNote/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { TabLinks } from '../../../components/TabLinks/index.js';
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

/**
 * The vertical tab strip: a link per tab under /catalog/{id}, with the summary's count as a badge.
 */
function ConfigTabs({ config, active }: { config: ConfigItem; active: string }) {
  const base = `/catalog/${encodeURIComponent(config.id)}`;
  const summary = config.summary ?? {};
  const tabs = CONFIG_TABS.map((tab) => {
    const count = tab.count ? summary[tab.count] : undefined;
    return {
      key: tabKey(tab.path),
      to: tab.path ? `${base}/${tab.path}` : base,
      title: (
        <>
          {tab.title}
          {typeof count === 'number' && (
            <Badge isRead={count === 0} style={GAP_BEFORE}>
              {formatCount(count)}
            </Badge>
          )}
        </>
      ),
    };
  });
  return (
    <TabLinks
      id={TABS_ID}
      tabs={tabs}
      active={active}
      label="Config detail tabs"
      panelId={PANEL_ID}
      tabId={tabId}
      vertical
    />
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
                  <LinkedAgentNote row={config} subject="This catalog item" />
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
