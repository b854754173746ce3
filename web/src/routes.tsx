/**
 * THE route map: every screen of the console in one static list (spec 1 §2, spec 2 §2, spec 3 §2).
 * Every page is lazy-loaded, so the build splits a chunk per page. An area not built yet shows
 * NotBuiltPage; building it means changing its `lazy: notBuilt` to `lazy: page(() => import(...), 'X')`.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { withRestStyles } from './lib/rest-styles.js';
import { AREAS, settingsTableArea, type AreaKey } from './shell/nav-items.js';
import type { RouteHandle } from './shell/page-header.js';
import { RouteGuard, SettingsTableGuard } from './shell/RouteGuard.js';
import { RouteErrorScreen } from './shell/screens/ErrorBoundary.js';
import { LoadingScreen } from './shell/screens/LoadingScreen.js';

/**
 * Lazily loads a module and renders its export `name` as the route's page, once the stylesheet of
 * the pages the first load does not show is applied too (lib/rest-styles.ts).
 */
export function page<M>(load: () => Promise<M>, name: keyof M): () => Promise<{ Component: ComponentType }> {
  return firstLoadPage(withRestStyles(load), name);
}

/**
 * A page of the first load (the modules of a FirstLoad, e.g. HEALTH_FIRST_LOAD or
 * CONFIG_FIRST_LOAD): its styles are in the stylesheet index.html links, so it renders as soon
 * as its module is in.
 */
function firstLoadPage<M>(
  load: () => Promise<M>,
  name: keyof M,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** Calls `load` once; a failed load (the network) is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const notBuilt = page(() => import('./shell/screens/NotBuiltPage.js'), 'NotBuiltPage');

const redirectTo = (path: string) => <Navigate to={path} replace />;

const usersPage = page(() => import('./features/settings/users/UsersPage.js'), 'UsersPage');
const permissionsPage = page(() => import('./features/settings/permissions/index.js'), 'PermissionsPage');
const featureFlagsPage = page(
  () => import('./features/settings/feature-flags/FeatureFlagsPage.js'),
  'FeatureFlagsPage',
);
const connectionsPage = page(
  () => import('./features/settings/connections/ConnectionsPage.js'),
  'ConnectionsPage',
);
const teamsPage = page(() => import('./features/settings/teams/TeamsPage.js'), 'TeamsPage');
const agentsPage = page(() => import('./features/agents/AgentsListPage.js'), 'AgentsListPage');
const teamPage = page(() => import('./features/settings/teams/TeamPage.js'), 'TeamPage');
const healthPage = firstLoadPage(() => import('./features/health/HealthPage.js'), 'HealthPage');
const configLayout = firstLoadPage(() => import('./features/catalog/detail/ConfigLayout.js'), 'ConfigLayout');
const configTab = firstLoadPage(() => import('./features/catalog/detail/ConfigTab.js'), 'ConfigTab');
const incidentListPage = page(() => import('./features/incidents/IncidentListPage.js'), 'IncidentListPage');
const resourceListPage = page(
  () => import('./features/settings/resources/ResourceListPage.js'),
  'ResourceListPage',
);
const jobHistoryPage = page(() => import('./features/settings/jobs/JobHistoryPage.js'), 'JobHistoryPage');
const eventQueuePage = page(
  () => import('./features/settings/event-queue/EventQueuePage.js'),
  'EventQueuePage',
);
const topologyApi = once(() => import('./features/topology/topology-api.js'));
// After the read's module the loader asked for, which the page imports too (as /logs's page).
const topologyPage = firstLoadPage(async () => {
  await topologyApi();
  return import('./features/topology/TopologyPage.js');
}, 'TopologyPage');
/**
 * The topology dashboard's read starts with its route, not once its page has rendered behind the
 * guard's whoami; only when a page is entered (its filters change its read itself).
 */
const topologyRoute = (path?: string): RouteObject => ({
  ...(path ? { path } : { index: true }),
  lazy: topologyPage,
  // Not awaited: the route renders (and the shell asks whoami) while the read's module loads.
  loader: ({ params, request }) => {
    const search = new URL(request.url).searchParams;
    void topologyApi().then(({ preloadTopology }) => preloadTopology(params.id, search));
    return null;
  },
  shouldRevalidate: () => false,
});

/** The logs page's calls, which its route starts the search with (logs-api.ts). */
const logsApi = once(() => import('./features/logs/logs-api.js'));
const canaryPage = page(() => import('./features/settings/canaries/CanaryPage.js'), 'CanaryPage');

/** An area's routes behind its guard (feature on, resource readable), titled after the area. */
function area(key: AreaKey, path: string, children: RouteObject[]): RouteObject {
  const handle: RouteHandle = { title: AREAS[key].title };
  return { path, element: <RouteGuard area={key} />, handle, children };
}

const tableTitle: RouteHandle = {
  title: ({ table }) => {
    const key = settingsTableArea(table);
    return key && AREAS[key].title;
  },
};

const settingsRoutes: RouteObject[] = [
  { index: true, element: redirectTo('/settings/event-queue-status') },
  area('connections', 'connections', [{ index: true, lazy: connectionsPage }]),
  area('featureFlags', 'feature-flags', [{ index: true, lazy: featureFlagsPage }]),
  area('permissions', 'permissions', [{ index: true, lazy: permissionsPage }]),
  area('users', 'users', [{ index: true, lazy: usersPage }]),
  area('jobs', 'jobs', [{ index: true, lazy: jobHistoryPage }]),
  area('eventQueue', 'event-queue-status', [{ index: true, lazy: eventQueuePage }]),
  area('agents', 'agents', [{ index: true, lazy: agentsPage }]),
  area('integrations', 'integrations', [
    {
      index: true,
      lazy: page(() => import('./features/settings/integrations/index.js'), 'IntegrationsListPage'),
    },
    {
      path: ':type/:id',
      lazy: page(() => import('./features/settings/integrations/index.js'), 'IntegrationPage'),
    },
  ]),
  area('teams', 'teams', [
    { index: true, lazy: teamsPage },
    { path: ':id', lazy: teamPage },
  ]),
  area('healthChecks', 'canaries/:id', [{ index: true, lazy: canaryPage }]),
  area('topologies', 'topologies/:id', [
    {
      index: true,
      lazy: page(() => import('./features/spec-editor/ResourcePage.js'), 'TopologyPage'),
    },
  ]),
  area('rules', 'incident_rules/:id', [
    {
      index: true,
      lazy: page(() => import('./features/settings/incident-rules/IncidentRulePage.js'), 'IncidentRulePage'),
    },
  ]),
  area('logBackends', 'logging_backends/:id', [
    {
      index: true,
      lazy: page(() => import('./features/settings/logging-backends/index.js'), 'LogBackendPage'),
    },
  ]),
  area('catalogScrapers', 'config_scrapers/:id', [
    {
      index: true,
      lazy: page(() => import('./features/catalog/scrapers/CatalogScraperPage.js'), 'SettingsScraperPage'),
    },
  ]),
  // The generic resource tables (spec 3 §2.3); the guard answers 'not found' for any other name.
  {
    path: ':table',
    element: <SettingsTableGuard />,
    handle: tableTitle,
    children: [
      { index: true, lazy: resourceListPage },
      { path: ':id', lazy: notBuilt },
    ],
  },
];

/** The pages inside the console chrome (top bar and sidebar). */
const shellRoutes: RouteObject[] = [
  { index: true, element: redirectTo('/topology') },
  { path: 'configs', element: redirectTo('/catalog') },
  area('topology', 'topology', [topologyRoute(), topologyRoute(':id')]),
  area('health', 'health', [{ index: true, lazy: healthPage }]),
  area('incidents', 'incidents', [
    { index: true, lazy: incidentListPage },
    { path: ':id', lazy: page(() => import('./features/incidents/IncidentPage.js'), 'IncidentPage') },
  ]),
  area('catalog', 'catalog', [
    {
      lazy: page(() => import('./features/catalog/CatalogTabsLayout.js'), 'CatalogTabsLayout'),
      children: [
        {
          index: true,
          lazy: page(() => import('./features/catalog/list/CatalogListPage.js'), 'CatalogListPage'),
        },
        {
          path: 'changes',
          lazy: page(() => import('./features/catalog/changes/ChangesPage.js'), 'ChangesPage'),
        },
        {
          path: 'insights',
          lazy: page(() => import('./features/catalog/insights/InsightsPage.js'), 'InsightsPage'),
        },
        {
          path: 'scrapers',
          lazy: page(() => import('./features/catalog/scrapers/ScrapersPage.js'), 'ScrapersPage'),
        },
      ],
    },
    {
      path: 'scrapers/:id',
      lazy: page(() => import('./features/catalog/scrapers/CatalogScraperPage.js'), 'CatalogScraperPage'),
    },
    {
      path: ':id',
      lazy: configLayout,
      children: [
        { index: true, lazy: configTab },
        {
          path: 'changes',
          lazy: page(() => import('./features/catalog/changes/ConfigChangesTab.js'), 'ConfigChangesTab'),
        },
        {
          path: 'insights',
          lazy: page(() => import('./features/catalog/insights/ConfigInsightsTab.js'), 'ConfigInsightsTab'),
        },
        {
          path: 'relationships',
          lazy: page(
            () => import('./features/catalog/relationships/ConfigRelationshipsTab.js'),
            'ConfigRelationshipsTab',
          ),
        },
        {
          path: 'playbooks',
          lazy: page(() => import('./features/catalog/detail/ConfigPlaybooksTab.js'), 'ConfigPlaybooksTab'),
        },
        {
          path: 'checks',
          lazy: page(() => import('./features/catalog/detail/ConfigChecksTab.js'), 'ConfigChecksTab'),
        },
      ],
    },
  ]),
  area('playbooks', 'playbooks', [
    { index: true, lazy: page(() => import('./features/playbooks/PlaybooksPage.js'), 'PlaybooksPage') },
    {
      path: 'runs',
      handle: { title: 'Playbook Runs' } satisfies RouteHandle,
      lazy: page(() => import('./features/playbooks/PlaybookRunsPage.js'), 'PlaybookRunsPage'),
    },
    {
      path: 'runs/:id',
      handle: { title: 'Playbook Run' } satisfies RouteHandle,
      lazy: page(() => import('./features/playbooks/PlaybookRunPage.js'), 'PlaybookRunPage'),
    },
    {
      path: ':id',
      lazy: page(() => import('./features/playbooks/PlaybookSpecPage.js'), 'PlaybookSpecPage'),
    },
  ]),
  area('notifications', 'notifications', [
    {
      lazy: page(() => import('./features/notifications/NotificationsLayout.js'), 'NotificationsLayout'),
      children: [
        {
          index: true,
          lazy: page(() => import('./features/notifications/SendHistoryPage.js'), 'SendHistoryPage'),
        },
        {
          path: 'rules',
          lazy: page(() => import('./features/notifications/RulesPage.js'), 'RulesPage'),
        },
        {
          path: 'silences',
          lazy: page(() => import('./features/notifications/SilencesPage.js'), 'SilencesPage'),
        },
        {
          path: 'silences/add',
          handle: { title: 'Silence Notification' } satisfies RouteHandle,
          lazy: page(() => import('./features/notifications/SilenceAddPage.js'), 'SilenceAddPage'),
        },
      ],
    },
  ]),
  area('logs', 'logs', [
    {
      index: true,
      // After the calls' module the loader asked for, which the page imports too: two imports of
      // one module graph at once break jest's module loader (its ESM linking), one after the
      // other costs a browser nothing (both files are preloaded).
      lazy: firstLoadPage(async () => {
        await logsApi();
        return import('./features/logs/LogsPage.js');
      }, 'LogsPage'),
      // Not awaited, as the topology's: the search starts while the page's code loads.
      loader: ({ request }) => {
        const search = new URL(request.url).searchParams;
        void logsApi().then(({ preloadLogSearch }) => preloadLogSearch(search));
        return null;
      },
      shouldRevalidate: () => false,
    },
  ]),
  area('agents', 'agents', [{ index: true, lazy: agentsPage }]),
  { path: 'settings', children: settingsRoutes },
  {
    path: 'profile-settings',
    handle: { title: 'Your Profile' } satisfies RouteHandle,
    lazy: page(() => import('./features/profile/ProfilePage.js'), 'ProfilePage'),
  },
  {
    id: 'not-found',
    path: '*',
    lazy: page(() => import('./shell/screens/NotFoundPage.js'), 'NotFoundPage'),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      // Outside the chrome: sign-in, the public read-only card, and the error and gating screens.
      {
        path: 'login',
        handle: { title: 'Sign in' } satisfies RouteHandle,
        lazy: page(() => import('./features/auth/LoginPage.js'), 'LoginPage'),
      },
      {
        path: 'invite',
        handle: { title: 'Invitation' } satisfies RouteHandle,
        lazy: page(() => import('./features/auth/InvitePage.js'), 'InvitePage'),
      },
      {
        path: 'view/topology/:id',
        handle: { title: 'Topology' } satisfies RouteHandle,
        lazy: page(() => import('./features/topology/TopologyCardView.js'), 'TopologyCardView'),
      },
      {
        path: 'bad-session',
        lazy: page(() => import('./shell/screens/BadSessionScreen.js'), 'BadSessionScreen'),
      },
      { path: 'error', lazy: page(() => import('./shell/screens/FlowErrorScreen.js'), 'FlowErrorScreen') },
      {
        path: 'provisioning',
        lazy: page(() => import('./shell/screens/ProvisioningScreen.js'), 'ProvisioningScreen'),
      },
      {
        path: 'unauthorized',
        lazy: page(() => import('./shell/screens/UnauthorizedPage.js'), 'UnauthorizedScreen'),
      },
      // Self-hosted has exactly one organization: nothing to switch to.
      { path: 'organizations/orgs-switched', element: redirectTo('/') },
      {
        id: 'shell',
        lazy: firstLoadPage(() => import('./shell/AppShell.js'), 'AppShell'),
        // A page that fails keeps the chrome around its error, so the user can navigate away.
        children: [{ errorElement: <RouteErrorScreen fullPage={false} />, children: shellRoutes }],
      },
    ],
  },
];

/** The path of `<base href>` without its trailing slash: the server rewrites it to BASE_PATH. */
export function basenameOf(baseURI: string = document.baseURI): string {
  return new URL(baseURI).pathname.replace(/\/+$/, '') || '/';
}

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: basenameOf() });
}
