import { Suspense, useCallback, useMemo, useRef, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { Page, SkipToContent } from '@patternfly/react-core';
import { useWhoami, type ApiError } from '../api/index.js';
import { PageHeaderProvider } from './page-header.js';
import { GenericErrorScreen } from './screens/GenericErrorScreen.js';
import { LoadingScreen } from './screens/LoadingScreen.js';
import { ProvisioningScreen } from './screens/ProvisioningScreen.js';
import { Sidebar } from './Sidebar.js';
import { TopBar } from './TopBar.js';
import { useCollapseOnOutsideClick, useSidebarState } from './use-sidebar-state.js';

const MAIN_ID = 'ops-main';

/** whoami failing with 404 or 5xx means the back end is still being set up (spec 1 §8). */
export function isProvisioning(error: ApiError): boolean {
  return error.status === 404 || (error.status !== undefined && error.status >= 500);
}

// With <base href>, '#ops-main' would resolve against the base and leave the page: move focus instead.
function skipToMain(event: MouseEvent) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

function ShellLayout() {
  const { collapsed, setCollapsed, toggle } = useSidebarState();
  const sidebarRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLDivElement>(null);
  const inside = useMemo(() => [sidebarRef, toggleRef], []);
  const collapse = useCallback(() => setCollapsed(true), [setCollapsed]);
  useCollapseOnOutsideClick(inside, collapsed, collapse);

  return (
    <PageHeaderProvider>
      <Page
        className={collapsed ? 'ops-shell ops-shell--collapsed' : 'ops-shell'}
        masthead={<TopBar sidebarCollapsed={collapsed} onToggleSidebar={toggle} toggleRef={toggleRef} />}
        sidebar={<Sidebar collapsed={collapsed} sidebarRef={sidebarRef} />}
        skipToContent={
          <SkipToContent href={`#${MAIN_ID}`} onClick={skipToMain}>
            Skip to content
          </SkipToContent>
        }
        mainContainerId={MAIN_ID}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Page>
    </PageHeaderProvider>
  );
}

/**
 * The console chrome around every signed-in page. It waits for whoami: a spinner while it loads,
 * the provisioning or generic error screen when it fails (a later failed refresh keeps the console).
 */
export function AppShell() {
  const { data: whoami, error } = useWhoami();
  if (whoami) return <ShellLayout />;
  if (error) return isProvisioning(error) ? <ProvisioningScreen /> : <GenericErrorScreen />;
  return <LoadingScreen fullPage />;
}
