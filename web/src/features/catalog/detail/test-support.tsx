/** The config detail's fixtures for its page tests: rows as /api/db answers them, the routes. */
import type { FakeApi } from '../../../shell/test-support.js';
import { renderInShell } from '../../../shell/test-support.js';
import type { ConfigItem } from '../types.js';
import { ConfigChecksTab } from './ConfigChecksTab.js';
import { ConfigLayout } from './ConfigLayout.js';
import { ConfigPlaybooksTab } from './ConfigPlaybooksTab.js';
import { ConfigTab } from './ConfigTab.js';

export const CONFIG_ID = '33333333-3333-4333-8333-333333333333';
export const SCRAPER_ID = '44444444-4444-4444-8444-444444444444';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A live pod scraped a minute ago, with counts for every tab; `patch` sets what a test needs. */
export function configRow(patch: Partial<ConfigItem> = {}): ConfigItem {
  return {
    id: CONFIG_ID,
    name: 'orders-7c9',
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'Running',
    health: 'healthy',
    description: null,
    labels: { app: 'orders' },
    tags: { namespace: 'shop', cluster: 'prod' },
    created_at: hoursAgo(48),
    updated_at: hoursAgo(1),
    deleted_at: null,
    last_scraped_time: new Date(Date.now() - 60_000).toISOString(),
    config: {
      spec: { containers: [{ name: 'orders', image: 'orders:1.2' }] },
      kind: 'Pod',
      apiVersion: 'v1',
    },
    format: null,
    config_scrapers: { id: SCRAPER_ID, name: 'kubernetes-prod' },
    summary: { changes: 12, analysis: 3, relationships: 4, playbook_runs: 0, checks: 2 },
    ...patch,
  };
}

/** The config detail answers `row` (none with null). */
export function replyConfig(api: FakeApi, row: ConfigItem | null = configRow()) {
  api.reply('GET api/db/config_detail', { status: 200, body: row ? [row] : [] });
}

/** The detail page and its tabs, as the route map will hold them, at `path`. */
export function renderConfigPage(path = `/catalog/${CONFIG_ID}`) {
  return renderInShell(
    [
      {
        path: 'catalog/:id',
        element: <ConfigLayout />,
        children: [
          { index: true, element: <ConfigTab /> },
          { path: 'changes', element: <p>changes of the config</p> },
          { path: 'playbooks', element: <ConfigPlaybooksTab /> },
          { path: 'checks', element: <ConfigChecksTab /> },
        ],
      },
      { path: 'catalog', element: <p>catalog list</p> },
      { path: 'health', element: <p>health page</p> },
      { path: 'playbooks/runs/:id', element: <p>run page</p> },
    ],
    path,
  );
}
