import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.js';

/** An HTTP target a test switches between healthy (200 'ok') and failing (500 'down'). */
export class SwitchableTarget {
  healthy: boolean;
  url = '';
  private readonly server = http.createServer((_req, res) => {
    res.statusCode = this.healthy ? 200 : 500;
    res.end(this.healthy ? 'ok' : 'down');
  });

  constructor(healthy: boolean) {
    this.healthy = healthy;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A canary of the console's own runner (local agent), made through the API as the UI would. */
export async function createCanary(api: APIRequestContext, name: string, spec: Record<string, unknown>) {
  const response = await api.post('api/db/canaries', {
    headers: { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    data: { name, namespace: 'e2e', labels: { suite: 'e2e' }, schedule: '@hourly', spec, source: 'UI' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** Waits until the runner has created and first run the canary's check; returns the check id. */
export async function ranCheck(api: APIRequestContext, name: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await api.get(
          `api/db/checks?name=eq.${name}&deleted_at=is.null&last_runtime=not.is.null&select=id`,
        );
        const rows = (await response.json()) as { id: string }[];
        id = rows[0]?.id ?? '';
        return id;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return id;
}
