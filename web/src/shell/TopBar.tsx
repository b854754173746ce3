import { useEffect, type AnchorHTMLAttributes, type Ref } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Masthead,
  MastheadBrand,
  MastheadContent,
  MastheadLogo,
  MastheadMain,
  MastheadToggle,
  PageToggleButton,
  Title,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import { BellIcon, MonitoringIcon, SyncAltIcon } from '@patternfly/react-icons';
import { useWhoami } from '../api/index.js';
import { DocsMenu } from './DocsMenu.js';
import { areaAccess } from './nav-items.js';
import { setDocumentTitle, usePageHeader, useRouteTitle } from './page-header.js';
import { SIDEBAR_ID } from './Sidebar.js';
import { ThemeToggle } from './ThemeToggle.js';
import { UserMenu } from './UserMenu.js';

function HomeAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...props} to="/" />;
}

function NotificationsAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...props} to="/notifications" />;
}

/** The current page's title, its extra actions and its refresh button, as the page declared them. */
function PageTitle() {
  const header = usePageHeader();
  const fallback = useRouteTitle();
  const title = header?.title ?? fallback;
  useEffect(() => setDocumentTitle(title), [title]);
  return (
    <ToolbarGroup className="ops-topbar__page" alignItems="center">
      <ToolbarItem className="ops-topbar__title">
        <Title headingLevel="h1" size="lg">
          {title}
        </Title>
      </ToolbarItem>
      {header?.actions && <ToolbarItem>{header.actions}</ToolbarItem>}
      {header?.onRefresh && (
        <ToolbarItem>
          <Button
            variant="plain"
            aria-label="Refresh"
            onClick={header.onRefresh}
            icon={<SyncAltIcon className={header.isRefreshing ? 'ops-spin' : undefined} />}
          />
        </ToolbarItem>
      )}
    </ToolbarGroup>
  );
}

export interface TopBarProps {
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  toggleRef?: Ref<HTMLDivElement>;
}

/** One row: sidebar toggle, brand, page title and actions; then bell, docs, theme and user menu. */
export function TopBar({ sidebarCollapsed, onToggleSidebar, toggleRef }: TopBarProps) {
  const { data: whoami } = useWhoami();
  return (
    <Masthead display={{ default: 'inline' }} className="ops-topbar">
      <MastheadMain>
        <MastheadToggle ref={toggleRef}>
          <PageToggleButton
            isHamburgerButton
            isSidebarOpen={!sidebarCollapsed}
            onSidebarToggle={onToggleSidebar}
            aria-label={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-controls={SIDEBAR_ID}
          />
        </MastheadToggle>
        <MastheadBrand>
          <MastheadLogo component={HomeAnchor} className="ops-brand" aria-label="Ops Console home">
            <MonitoringIcon className="ops-brand__icon" />
            <span className="ops-brand__name">Ops Console</span>
          </MastheadLogo>
        </MastheadBrand>
      </MastheadMain>
      <MastheadContent>
        <Toolbar isStatic>
          <ToolbarContent>
            <PageTitle />
            <ToolbarGroup align={{ default: 'alignEnd' }} variant="action-group-plain" alignItems="center">
              {areaAccess(whoami, 'notifications') === 'allowed' && (
                <ToolbarItem>
                  <Button
                    variant="plain"
                    component={NotificationsAnchor}
                    aria-label="Notifications"
                    icon={<BellIcon />}
                  />
                </ToolbarItem>
              )}
              <ToolbarItem>
                <DocsMenu />
              </ToolbarItem>
              <ToolbarItem>
                <ThemeToggle />
              </ToolbarItem>
              <ToolbarItem>
                <UserMenu />
              </ToolbarItem>
            </ToolbarGroup>
          </ToolbarContent>
        </Toolbar>
      </MastheadContent>
    </Masthead>
  );
}
