/** A throwaway Prometheus (Debian's prometheus) on a free port, for the prometheus check. */
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.js';
import { binaryFrom, scratchDir, startProcess, waitUntilReady } from './process.js';

export interface MonitoringServer {
  url: string;
  close(): Promise<void>;
}

/** Answers once /-/ready does. */
export async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(new URL('-/ready', url), { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

export async function startPrometheus(skipped: string): Promise<MonitoringServer | undefined> {
  const binary = binaryFrom('prometheus', skipped);
  if (!binary) return undefined;
  const dir = scratchDir('prometheus');
  const config = path.join(dir, 'prometheus.yml');
  // Nothing to scrape: the tests query constant expressions.
  fs.writeFileSync(config, 'global:\n  evaluation_interval: 1m\nscrape_configs: []\n');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const running = startProcess(binary, [
    `--config.file=${config}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ]);
  await waitUntilReady('prometheus', running, () => isReady(url));
  return {
    url,
    async close() {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
