/**
 * Test support for the shell: a real local HTTP server standing in for the console's API (under a
 * /console/ sub-path, set as <base href>), whoami answers per role, and the real route map
 * rendered in a memory router. Only tests import this file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import type { Whoami } from '../api/index.js';
import { App } from '../App.js';
import { ToastProvider } from '../components/Toasts/index.js';
import { routes } from '../routes.js';
// Test-only: the fixture answers with the server's own permission matrix and action rules, so UI
// tests and the server cannot drift apart.
import { actionsFor } from '../../../server/src/access/actions.js';
import { permissionsFor } from '../../../server/src/access/roles.js';

type Resource = keyof Whoami['permissions'];
type Feature = Whoami['disabledFeatures'][number];

/** The sidebar as spec 1 §2 and spec 3 §2.3 describe it: the areas, then Settings sorted by name. */
export const SPEC_MAIN_NAV = [
  'Topology',
  'Health',
  'Incidents',
  'Catalog',
  'Playbooks',
  'Notifications',
  'Logs',
];
export const SPEC_SETTINGS_NAV = [
  'Agents',
  'Catalog Scraper',
  'Connections',
  'Event Queue',
  'Feature Flags',
  'Health Check',
  'Integrations',
  'Jobs History',
  'Log Backends',
  'Permissions',
  'Rules',
  'Teams',
  'Topology',
  'Users',
];

/**
 * What /api/auth/whoami answers for a user with one role: the server's own matrix and actions
 * (spec 1 §6). `unreadable` and `writable` change the matrix before the actions are derived.
 */
export function whoamiAs(
  role: Whoami['roles'][number],
  options: {
    name?: string;
    disabled?: Feature[];
    unreadable?: Resource[];
    writable?: Resource[];
    /** Grants and denies of the permissions table in force for them. */
    grants?: Whoami['grants'];
  } = {},
): Whoami {
  const roles = [role];
  const permissions = permissionsFor(roles);
  for (const resource of options.unreadable ?? []) permissions[resource] = { read: false, write: false };
  for (const resource of options.writable ?? []) permissions[resource] = { read: true, write: true };
  const disabledFeatures = options.disabled ?? [];
  return {
    user: { id: 'u1', name: options.name ?? 'Jane Doe', email: 'jane@example.com', avatar: null },
    roles,
    permissions,
    disabledFeatures,
    actions: actionsFor({ roles, permissions, grants: options.grants }, disabledFeatures),
    grants: options.grants ?? [],
    authMode: 'local',
    consoleUserId: 'u1',
  };
}

export interface Reply {
  status: number;
  body?: unknown;
  contentType?: string;
  /** Further response headers, e.g. PostgREST's Content-Range. */
  headers?: Record<string, string>;
}

export interface SeenRequest {
  method: string;
  /** Path under the base, e.g. 'api/auth/whoami'. */
  path: string;
}

/** The fake console API: answers what a test sets per 'METHOD api/...' and remembers the calls. */
export interface FakeApi {
  base: string;
  requests: SeenRequest[];
  reply(route: string, reply: Reply): void;
  reset(): void;
  close(): Promise<void>;
}

const defaults = (): Record<string, Reply> => ({
  'GET api/auth/whoami': { status: 200, body: whoamiAs('admin') },
  'GET api/about': { status: 200, body: { Version: '1.0.800' } },
  'POST api/auth/logout': { status: 204 },
});

export async function startFakeApi(): Promise<FakeApi> {
  let replies = defaults();
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/console\//, '');
    requests.push({ method: req.method ?? '', path });
    const reply = replies[`${req.method} ${path}`] ?? { status: 404, body: { message: `no route ${path}` } };
    const text =
      reply.body === undefined
        ? undefined
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      ...(text === undefined ? {} : { 'Content-Type': reply.contentType ?? 'application/json' }),
      ...reply.headers,
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/console/`;
  return {
    base,
    requests,
    reply: (route, reply) => {
      replies[route] = reply;
    },
    reset: () => {
      replies = defaults();
      requests.length = 0;
      document.head.innerHTML = `<base href="${base}">`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fresh SWR cache per test, no request deduplication between renders. */
export function FreshSwr({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

/** The whole console (providers, real route map) in a memory router at `path`. */
export function renderConsole(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <FreshSwr>
      <App router={router} />
    </FreshSwr>,
  );
  return { ...result, router };
}

// ─── Pages inside the console chrome ─────────────────────────────────────────────────────────────

/** Child routes of the console chrome, as createMemoryRouter takes them. */
type ShellChildren = Parameters<typeof createMemoryRouter>[0];

/** Pages inside the real console chrome (whoami, top bar with their header, toasts) at `path`. */
export function renderInShell(children: ShellChildren, path: string) {
  const router = createMemoryRouter(
    [
      {
        HydrateFallback: () => null,
        lazy: async () => ({ Component: (await import('./AppShell.js')).AppShell }),
        children,
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <FreshSwr>
      <App router={router} />
    </FreshSwr>,
  );
  return { ...result, router };
}

/** A request as the UI sent it: the fake API records neither the query nor the body. */
export interface SentRequest {
  method: string;
  /** Path under the base, e.g. 'api/db/properties'. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

/** Records every request the UI sends from now on; `stop()` puts the real fetch back. */
export function recordSentRequests(): { sent: SentRequest[]; stop: () => void } {
  const realFetch = globalThis.fetch;
  const sent: SentRequest[] = [];
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/console\//, ''),
      query: url.searchParams,
      body,
    });
    return realFetch(input, init);
  };
  return { sent, stop: () => void (globalThis.fetch = realFetch) };
}
/** A page test's fake API and the requests its page sent, both fresh for every test. */
export interface PageApi {
  api: FakeApi;
  sent: SentRequest[];
}

/**
 * Starts a fake API for the file's tests; before each test it is reset, given the page's usual
 * replies (`replies`), and every request is recorded in `sent`.
 */
export function fakeApiPerTest(replies: (api: FakeApi) => void = () => {}): PageApi {
  const page = { sent: [] } as unknown as PageApi;
  let stop = () => {};
  beforeAll(async () => {
    page.api = await startFakeApi();
  });
  afterAll(() => page.api.close());
  beforeEach(() => {
    page.api.reset();
    replies(page.api);
    ({ sent: page.sent, stop } = recordSentRequests());
  });
  afterEach(() => stop());
  return page;
}

// ─── Pages outside the chrome: sign-in, invite ──────────────────────────────────────────────────

/** A page outside the chrome (sign-in, invite) at `path`: memory router, fresh SWR, toasts. */
export function renderPage(page: ReactNode, path: string) {
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  const result = render(
    <FreshSwr>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </FreshSwr>,
  );
  return { ...result, router };
}

/**
 * jsdom cannot navigate and its location.assign cannot be spied on: a stand-in window.location at
 * `href` that records the full page loads asked of it. `restore()` puts the real one back.
 */
export function fakeLocation(href: string): { assigned: string[]; restore: () => void } {
  const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;
  const assigned: string[] = [];
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: Object.assign(new URL(href), { assign: (url: string | URL) => void assigned.push(String(url)) }),
  });
  return { assigned, restore: () => void Object.defineProperty(window, 'location', realLocation) };
}
