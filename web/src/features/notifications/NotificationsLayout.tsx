import type { MouseEvent } from 'react';
import { Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { Outlet, useHref, useLocation, useNavigate } from 'react-router';

/** The tabs of /notifications (spec 2 §2): the send history, the rules and the silences. */
export const NOTIFICATION_TABS = [
  { key: 'history', title: 'Notifications', path: '/notifications' },
  { key: 'rules', title: 'Rules', path: '/notifications/rules' },
  { key: 'silences', title: 'Silences', path: '/notifications/silences' },
] as const;

type TabKey = (typeof NOTIFICATION_TABS)[number]['key'];

const PANEL_ID = 'notifications-tab-panel';

/** The tab a path is under: the longest tab path it starts with (the add page is a silence's). */
export function activeNotificationTab(pathname: string): TabKey {
  const path = pathname.replace(/\/+$/, '');
  const match = [...NOTIFICATION_TABS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => path === tab.path || path.startsWith(`${tab.path}/`));
  return match?.key ?? 'history';
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The layout of the notifications pages: the tab strip, each tab a link (a new browser tab, a
 * copied address) that routes inside the console on a plain click, above the chosen tab's page.
 */
export function NotificationsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activeNotificationTab(pathname);
  const hrefs = {
    history: useHref('/notifications'),
    rules: useHref('/notifications/rules'),
    silences: useHref('/notifications/silences'),
  };

  return (
    <>
      <Tabs
        aria-label="Notifications sections"
        tabListAriaLabel="Notifications sections"
        activeKey={active}
        onSelect={(event, key) => {
          if (!isPlainClick(event as MouseEvent)) return;
          event.preventDefault();
          const tab = NOTIFICATION_TABS.find((t) => t.key === key)!;
          if (key !== active || pathname !== tab.path) void navigate(tab.path);
        }}
      >
        {NOTIFICATION_TABS.map((tab) => (
          <Tab
            key={tab.key}
            id={`notifications-${tab.key}`}
            eventKey={tab.key}
            href={hrefs[tab.key]}
            title={<TabTitleText>{tab.title}</TabTitleText>}
            tabContentId={PANEL_ID}
          />
        ))}
      </Tabs>
      {/* Every tab controls the one panel the chosen tab's page renders in. */}
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`pf-tab-${active}-notifications-${active}`}>
        <Outlet />
      </div>
    </>
  );
}
