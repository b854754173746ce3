/**
 * A throwaway Alertmanager (Debian's prometheus-alertmanager) on a free port, without
 * clustering, whose alerts the tests post themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eventually } from '../eventually.js';
import { freePort } from '../free-port.js';
import { binaryFrom, scratchDir, startProcess, waitUntilReady } from './process.js';
import { isReady, type MonitoringServer } from './prometheus.js';

export interface AlertmanagerServer extends MonitoringServer {
  /** Fires alerts for an hour, as Prometheus would send them; returns once Alertmanager lists them. */
  fire(alerts: { labels: Record<string, string>; annotations?: Record<string, string> }[]): Promise<void>;
}

export async function startAlertmanager(skipped: string): Promise<AlertmanagerServer | undefined> {
  const binary = binaryFrom('prometheus-alertmanager', skipped);
  if (!binary) return undefined;
  const dir = scratchDir('alertmanager');
  const config = path.join(dir, 'alertmanager.yml');
  fs.writeFileSync(config, 'route:\n  receiver: nobody\nreceivers:\n  - name: nobody\n');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const running = startProcess(binary, [
    `--config.file=${config}`,
    `--storage.path=${dir}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--cluster.listen-address=',
  ]);
  await waitUntilReady('alertmanager', running, () => isReady(url));
  return {
    url,
    async fire(alerts) {
      const endsAt = new Date(Date.now() + 3_600_000).toISOString();
      const response = await fetch(new URL('api/v2/alerts', url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(alerts.map((a) => ({ ...a, endsAt }))),
      });
      if (!response.ok) throw new Error(`alertmanager refused the alerts: ${await response.text()}`);
      await eventually(async () => {
        const listed = (await (await fetch(new URL('api/v2/alerts', url))).json()) as unknown[];
        if (listed.length < alerts.length) throw new Error(`alertmanager lists ${listed.length} alerts`);
      });
    },
    async close() {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
