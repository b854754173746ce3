import { useEffect, useRef, useState, type AnchorHTMLAttributes, type Ref } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Nav, NavExpandable, NavItem, PageSidebar, PageSidebarBody, Tooltip } from '@patternfly/react-core';
import { useWhoami } from '../api/index.js';
import { AREAS, SETTINGS_ICON, visibleNavItems, type Area, type AreaKey } from './nav-items.js';

export const SIDEBAR_ID = 'ops-sidebar';
const SETTINGS_TOGGLE_ID = 'ops-nav-settings';

/** PatternFly renders NavItem's link with `href`; the router wants `to` (base-path aware). */
function RouterNavAnchor({
  href,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return <NavLink {...props} to={href ?? '/'} />;
}

const isActive = (area: Area, pathname: string) =>
  matchPath({ path: area.path, end: false }, pathname) !== null;

function SidebarLink({ area, collapsed, pathname }: { area: Area; collapsed: boolean; pathname: string }) {
  const anchorRef = useRef<HTMLAnchorElement>(null);
  const Icon = area.icon;
  return (
    <>
      <NavItem
        component={RouterNavAnchor}
        to={area.path}
        icon={<Icon />}
        isActive={isActive(area, pathname)}
        anchorRef={anchorRef}
        aria-label={collapsed ? area.title : undefined}
      >
        {area.title}
      </NavItem>
      {collapsed && <Tooltip content={area.title} position="right" triggerRef={anchorRef} />}
    </>
  );
}

/**
 * The console's navigation: one item per area the user may read and whose feature is on, then the
 * Settings group (not for viewers). Collapsed, it is a rail of icons with tooltips.
 */
export function Sidebar({ collapsed, sidebarRef }: { collapsed: boolean; sidebarRef?: Ref<HTMLDivElement> }) {
  const { data: whoami } = useWhoami();
  const { pathname } = useLocation();
  const { main, settings } = visibleNavItems(whoami);
  const settingsActive = pathname.startsWith('/settings/') || pathname === '/settings';
  const [settingsOpen, setSettingsOpen] = useState(settingsActive);
  useEffect(() => {
    if (settingsActive) setSettingsOpen(true);
  }, [settingsActive]);

  const link = (key: AreaKey) => (
    <SidebarLink key={key} area={AREAS[key]} collapsed={collapsed} pathname={pathname} />
  );
  return (
    <PageSidebar
      id={SIDEBAR_ID}
      ref={sidebarRef}
      className={collapsed ? 'ops-sidebar ops-sidebar--collapsed' : 'ops-sidebar'}
    >
      <PageSidebarBody>
        <Nav aria-label="Console">
          {/* NavList's list, without NavList: on mount and on every update it measures the list for
              a horizontal nav's scroll buttons and reads its direction, forced layouts of the page. */}
          <ul className="pf-v6-c-nav__list" role="list">
            {main.map(link)}
            {settings.length > 0 && (
              <NavExpandable
                id={SETTINGS_TOGGLE_ID}
                title={<span>Settings</span>}
                icon={<SETTINGS_ICON />}
                isActive={settingsActive}
                isExpanded={settingsOpen}
                onExpand={(_event, expanded) => setSettingsOpen(expanded)}
                buttonProps={collapsed ? { 'aria-label': 'Settings' } : undefined}
              >
                {settings.map(link)}
              </NavExpandable>
            )}
          </ul>
        </Nav>
        {collapsed && settings.length > 0 && (
          <Tooltip
            content="Settings"
            position="right"
            triggerRef={() => document.getElementById(SETTINGS_TOGGLE_ID) as HTMLElement}
          />
        )}
      </PageSidebarBody>
    </PageSidebar>
  );
}
