import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElement, type ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { can, isFeatureEnabled, useAbout, useWhoami, type Action, type Whoami } from './auth.js';
import { useApi } from './hooks.js';

const RESPONDER = {
  user: { id: 'u1', name: 'Riley', email: 'riley@example.com', avatar: null },
  roles: ['responder'],
  permissions: {
    incident: { read: true, write: true },
    agents: { read: true, write: false },
    connections: { read: false, write: false },
  },
  disabledFeatures: ['logs', 'settings.job_history'],
  actions: ['checks.run', 'incidents.attach'],
} as unknown as Whoami;
const who = { responder: RESPONDER, 'not signed in yet': undefined };

describe('can', () => {
  it.each<[keyof typeof who, Parameters<typeof can>[1], 'read' | 'write', boolean]>([
    ['responder', 'incident', 'read', true],
    ['responder', 'incident', 'write', true],
    ['responder', 'agents', 'read', true],
    ['responder', 'agents', 'write', false],
    ['responder', 'connections', 'read', false],
    ['responder', 'connections', 'write', false],
    ['responder', 'rbac', 'read', false], // not in the answer at all
    ['not signed in yet', 'incident', 'read', false],
  ])('%s: %s %s → %s', (whoami, resource, action, allowed) => {
    expect(can(who[whoami], resource, action)).toBe(allowed);
  });
});

describe('can, with an action', () => {
  it.each<[keyof typeof who, Action, boolean]>([
    ['responder', 'checks.run', true],
    ['responder', 'incidents.attach', true],
    ['responder', 'people.delete', false],
    ['not signed in yet', 'checks.run', false],
  ])('%s: %s → %s', (whoami, action, allowed) => {
    expect(can(who[whoami], action)).toBe(allowed);
  });

  it('reads a resource when no access is named', () => {
    expect(can(RESPONDER, 'agents')).toBe(true);
    expect(can(RESPONDER, 'connections')).toBe(false);
  });
});

describe('isFeatureEnabled', () => {
  it.each<[keyof typeof who, Parameters<typeof isFeatureEnabled>[1], boolean]>([
    ['responder', 'health', true],
    ['responder', 'settings.connections', true],
    ['responder', 'logs', false],
    ['responder', 'settings.job_history', false],
    ['not signed in yet', 'health', false],
  ])('%s: %s → %s', (whoami, feature, enabled) => {
    expect(isFeatureEnabled(who[whoami], feature)).toBe(enabled);
  });
});

describe('useWhoami and useAbout', () => {
  let server: http.Server;
  let whoamiStatus = 200;
  let whoamiRequests = 0;
  let unreadyRequests = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/console/api/auth/whoami') {
        whoamiRequests += 1;
        res.statusCode = whoamiStatus;
        res.end(JSON.stringify(whoamiStatus === 200 ? RESPONDER : { message: 'instance not ready' }));
      } else if (req.url === '/console/api/about') res.end(JSON.stringify({ Version: 'v0.9.1' }));
      else if (req.url === '/console/api/unready') {
        unreadyRequests += 1;
        res.writeHead(503).end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    document.head.innerHTML = `<base href="http://127.0.0.1:${(server.address() as AddressInfo).port}/console/">`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // A short retry interval, so that a hook that retries errors calls again soon.
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      SWRConfig,
      { value: { provider: () => new Map(), dedupingInterval: 0, errorRetryInterval: 10 } },
      children,
    );

  it('loads who is signed in', async () => {
    whoamiStatus = 200;
    const { result } = renderHook(() => useWhoami(), { wrapper });
    await waitFor(() => expect(result.current.data?.user.name).toBe('Riley'));
  });

  it('gives the shell the failure status without retrying', async () => {
    whoamiStatus = 503;
    whoamiRequests = 0;
    const { result } = renderHook(() => useWhoami(), { wrapper });
    await waitFor(() =>
      expect(result.current.error).toMatchObject({ status: 503, message: 'instance not ready' }),
    );
    // A hook that does retry, started only now: SWR's first retry comes 1-2 intervals after an
    // error, its second 2-5 more, so once this one has retried twice whoami's retry would be due.
    unreadyRequests = 0;
    renderHook(() => useApi('api/unready'), { wrapper });
    await waitFor(() => expect(unreadyRequests).toBeGreaterThanOrEqual(3));
    expect(whoamiRequests).toBe(1);
  });

  it("loads the backend's version", async () => {
    const { result } = renderHook(() => useAbout(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ Version: 'v0.9.1' }));
  });
});
