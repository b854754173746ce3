import { matchRoutes } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { basenameOf, routes } from './routes.js';
import { fakeApiPerTest, renderConsole, whoamiAs } from './shell/test-support.js';

const page = fakeApiPerTest();

/** Every route the specs name (spec 1 §2, spec 2 §2, spec 3 §2), with sample ids. */
const SPEC_PATHS = [
  '/',
  '/login',
  '/invite',
  '/organizations/orgs-switched',
  '/health',
  '/agents',
  '/settings/agents',
  '/playbooks',
  '/playbooks/pb-1',
  '/playbooks/runs',
  '/playbooks/runs/run-1',
  '/catalog',
  '/configs',
  '/catalog/cfg-1',
  '/catalog/cfg-1/changes',
  '/catalog/cfg-1/insights',
  '/catalog/cfg-1/relationships',
  '/catalog/cfg-1/playbooks',
  '/catalog/cfg-1/checks',
  '/catalog/changes',
  '/catalog/insights',
  '/catalog/scrapers',
  '/catalog/scrapers/scr-1',
  '/topology',
  '/topology/cmp-1',
  '/view/topology/cmp-1',
  '/incidents',
  '/incidents/inc-1',
  '/logs',
  '/notifications',
  '/notifications/rules',
  '/notifications/silences',
  '/notifications/silences/add',
  '/profile-settings',
  '/settings',
  '/settings/connections',
  '/settings/feature-flags',
  '/settings/permissions',
  '/settings/users',
  '/settings/jobs',
  '/settings/event-queue-status',
  '/settings/integrations',
  '/settings/integrations/scrapers/int-1',
  '/settings/teams/team-1',
  '/settings/canaries/can-1',
  '/settings/topologies/top-1',
  ...[
    'topologies',
    'connections',
    'logging_backends',
    'notifications',
    'properties',
    'canaries',
    'config_scrapers',
    'incident_rules',
    'teams',
    'permissions',
  ].flatMap((table) => [`/settings/${table}`, `/settings/${table}/row-1`]),
  '/bad-session',
  '/error',
  '/provisioning',
  '/unauthorized',
];

describe('the route map', () => {
  it.each(SPEC_PATHS)('has a route for %s', (path) => {
    const matches = matchRoutes(routes, path);
    expect(matches).not.toBeNull();
    expect(matches!.at(-1)!.route.id).not.toBe('not-found');
  });

  it('sends unknown paths to the not-found route', () => {
    expect(matchRoutes(routes, '/no/such/page')!.at(-1)!.route.id).toBe('not-found');
  });

  const NO_COMPONENTS = 'There are no components matching this criteria';
  it.each([
    ['/', '/topology', NO_COMPONENTS],
    ['/configs', '/catalog', 'Insights'],
    ['/settings', '/settings/event-queue-status', 'No events in the queue'],
    ['/organizations/orgs-switched', '/topology', NO_COMPONENTS],
  ])('redirects %s to %s', async (from, target, shown) => {
    page.api.reply('GET api/db/event_queue_summary', { status: 200, body: [] });
    page.api.reply('GET api/canary/api/topology', {
      status: 200,
      body: { components: [], teams: [], types: [], healthStatuses: [] },
    });
    const { router } = renderConsole(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('takes its basename from <base href>, without the trailing slash', () => {
    expect(basenameOf('https://ops.example.com/tools/console/')).toBe('/tools/console');
    expect(basenameOf('https://ops.example.com/')).toBe('/');
  });
});

describe('area pages', () => {
  it('show the area title and say the area is not built yet, inside the chrome', async () => {
    renderConsole('/settings/properties/row-1');
    expect(await screen.findByRole('heading', { name: 'Feature Flags', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('This part of the console is not built yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Feature Flags', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();
  });

  it('name a generic settings table after its area', async () => {
    renderConsole('/settings/notifications/row-1');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 2 })).toBeInTheDocument();
  });

  it('answer "Page not found" for an unknown settings table and an unknown path, with a link home', async () => {
    const { unmount } = renderConsole('/settings/no_such_table');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeInTheDocument();
    unmount();
    renderConsole('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('the route guard', () => {
  it('shows "{Area} is disabled" when the feature flag turns the area off', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('admin', { disabled: ['health'] }) });
    renderConsole('/health');
    expect(await screen.findByRole('heading', { name: 'Health is disabled' })).toBeInTheDocument();
    expect(screen.getByText(/An administrator can turn it back on under/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Feature Flags' })).toHaveAttribute(
      'href',
      '/settings/feature-flags',
    );
    expect(screen.queryByText('This part of the console is not built yet.')).not.toBeInTheDocument();
  });

  it('shows Unauthorized when the user may not read the resource', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('responder') });
    renderConsole('/settings/connections');
    expect(
      await screen.findByText('Unauthorized – You do not have permission to access this page'),
    ).toBeInTheDocument();
    expect(screen.queryByText('This part of the console is not built yet.')).not.toBeInTheDocument();
  });

  it('lets a responder open what responders may read', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('responder') });
    page.api.reply('GET api/db/incidents', { status: 200, body: [] });
    renderConsole('/incidents/inc-1');
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
  });
});

describe('gating on whoami', () => {
  it.each([500, 503, 404])('shows the provisioning screen when whoami answers %i', async (status) => {
    page.api.reply('GET api/auth/whoami', { status, body: { message: 'not ready' } });
    renderConsole('/health');
    expect(await screen.findByText('Please wait, instance provisioning in-progress ...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });

  it.each([400, 403])('shows the generic error screen when whoami answers %i', async (status) => {
    page.api.reply('GET api/auth/whoami', { status, body: { message: 'nope' } });
    renderConsole('/health');
    expect(await screen.findByText('Sorry.. there was an error.')).toBeInTheDocument();
  });

  it('shows a spinner while whoami loads, then the console', async () => {
    renderConsole('/health');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Console' })).toBeInTheDocument();
  });
});

describe('screens outside the chrome', () => {
  it('bad session: the BAD_SESSION message with a Go back link to /', async () => {
    renderConsole('/bad-session?error_code=BAD_SESSION');
    expect(
      await screen.findByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    expect(page.api.requests.filter((r) => r.path === 'api/auth/whoami')).toEqual([]);
  });

  it('bad session: any other code is an unknown error', async () => {
    renderConsole('/bad-session?error_code=SOMETHING_ELSE');
    expect(await screen.findByText('Unknown error')).toBeInTheDocument();
  });

  it('provisioning and unauthorized have their own routes', async () => {
    const { unmount } = renderConsole('/provisioning');
    expect(await screen.findByText('Please wait, instance provisioning in-progress ...')).toBeInTheDocument();
    unmount();
    renderConsole('/unauthorized');
    expect(
      await screen.findByText('Unauthorized – You do not have permission to access this page'),
    ).toBeInTheDocument();
  });

  it('the public topology card needs no whoami', async () => {
    renderConsole('/view/topology/cmp-1');
    expect(await screen.findByRole('heading', { name: 'Topology', level: 1 })).toBeInTheDocument();
    expect(page.api.requests.filter((r) => r.path === 'api/auth/whoami')).toEqual([]);
  });
});
