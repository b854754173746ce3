import fs from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { DemoContext } from './context.js';
import { DAY } from './random.js';

/**
 * A scraper the console's own engine really runs (the local agent): Acme's service settings as
 * files under the data directory's `files/` (a SCRAPER_FILE_ROOTS directory by default). Edit one
 * and the next scrape (every minute, or Run now) shows the change with its diff; delete one and
 * its item is marked deleted.
 */
export const LIVE_SCRAPER_NAME = 'acme-service-settings';

const SERVICES = [
  { name: 'checkout', owner: 'payments', replicas: 3, timeoutMs: 2500, featureFlags: { applePay: true } },
  {
    name: 'orders',
    owner: 'fulfilment',
    replicas: 2,
    timeoutMs: 4000,
    featureFlags: { splitShipments: false },
  },
  {
    name: 'search',
    owner: 'discovery',
    replicas: 4,
    timeoutMs: 800,
    featureFlags: { semanticRanking: true },
  },
];

async function writeServiceFiles(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const service of SERVICES) {
    const settings = {
      kind: 'ServiceSettings',
      metadata: { name: service.name, team: service.owner },
      spec: {
        replicas: service.replicas,
        upstreamTimeoutMs: service.timeoutMs,
        logLevel: 'info',
        featureFlags: service.featureFlags,
      },
    };
    await fs
      .writeFile(path.join(dir, `${service.name}.yaml`), dump(settings), { flag: 'wx' })
      .catch((error) => {
        // A file the operator already has is theirs: never overwritten.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
  }
}

export async function loadLiveScraper({ w, r, clock, refs }: DemoContext, filesDir: string): Promise<void> {
  const dir = path.join(filesDir, 'acme');
  await writeServiceFiles(dir);
  const id = r.uuid();
  await w.insert('config_scrapers', [
    {
      id,
      name: LIVE_SCRAPER_NAME,
      namespace: 'mission-control',
      description: `Acme's service settings, read from ${dir}: edit a file to see a change`,
      icon: 'file',
      labels: { team: 'platform', tier: 'self' },
      schedule: '@every 1m',
      spec: {
        schedule: '@every 1m',
        file: [
          {
            paths: [path.join(dir, '*.yaml')],
            format: 'yaml',
            icon: 'file',
            type: 'Acme::ServiceSettings',
            id: '$.metadata.name',
            name: '$.metadata.name',
            class: 'ServiceSettings',
            labels: { source: 'files' },
          },
        ],
      },
      source: 'UI',
      agent_id: LOCAL_AGENT,
      created_by: refs.people[0]!.id,
      created_at: clock.ago(DAY),
      updated_at: clock.ago(DAY),
    },
  ]);
  refs.scrapers.push({ id, name: LIVE_SCRAPER_NAME, type: 'file', agentId: LOCAL_AGENT });
}
