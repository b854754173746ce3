import { screen, within } from '@testing-library/react';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { CONFIG_ID, renderConfigPage, replyConfig } from './test-support.js';

const CHECK_ID = '55555555-5555-4555-8555-555555555555';

const page = fakeApiPerTest((api) => {
  replyConfig(api);
  api.reply('GET api/db/check_summary_for_config', {
    status: 200,
    body: [
      {
        id: CHECK_ID,
        config_id: CONFIG_ID,
        canary_id: 'k1',
        name: 'orders-http',
        type: 'http',
        status: 'unhealthy',
        last_runtime: new Date(Date.now() - 120_000).toISOString(),
        uptime: { passed: 3, failed: 1 },
        latency: { p95: 120, p97: 130, p99: 150 },
      },
    ],
  });
});

describe('ConfigChecksTab', () => {
  it('lists the checks of the config, each linking to it on the health page', async () => {
    renderConfigPage(`/catalog/${CONFIG_ID}/checks`);
    const table = await screen.findByRole('grid', { name: 'Checks' });
    const link = await within(table).findByRole('link', { name: 'orders-http' });
    expect(link).toHaveAttribute('href', `/health?checkId=${CHECK_ID}`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('http');
    expect(row).toHaveTextContent('Unhealthy');
    expect(row).toHaveTextContent('75.0%');
    expect(row).toHaveTextContent('120ms');
    expect(row).toHaveTextContent('2 minutes ago');
    const query = page.sent.find((r) => r.path === 'api/db/check_summary_for_config')!.query;
    expect(query.get('config_id')).toBe(`eq.${CONFIG_ID}`);
  });

  it('says when no check is linked, and shows a failure', async () => {
    page.api.reply('GET api/db/check_summary_for_config', { status: 200, body: [] });
    const { unmount } = renderConfigPage(`/catalog/${CONFIG_ID}/checks`);
    expect(await screen.findByText('No checks are linked to this config')).toBeInTheDocument();
    unmount();

    page.api.reply('GET api/db/check_summary_for_config', {
      status: 500,
      body: { message: 'checks unavailable' },
    });
    renderConfigPage(`/catalog/${CONFIG_ID}/checks`);
    expect(await screen.findByText('checks unavailable')).toBeInTheDocument();
  });
});
