import { screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { configEvidence, evidenceRow, renderTab, writesTo } from '../action-plan/test-support.js';
import { EvidenceItem } from './EvidenceItem.js';
import { EvidenceView } from './EvidenceView.js';

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/configs', {
    status: 200,
    body: [{ id: 'cfg1', name: 'checkout', type: 'Kubernetes::Deployment' }],
  });
  api.reply('DELETE api/db/evidences', { status: 204 });
});

const renderView = (evidence: Parameters<typeof EvidenceView>[0]['evidence']) =>
  renderTab(<EvidenceView evidence={evidence} />);

describe('EvidenceView', () => {
  it('shows a config’s selected lines highlighted with 3 lines of context', async () => {
    const evidence = evidenceRow({
      id: 'e1',
      type: 'config',
      config_id: 'cfg1',
      evidence: {
        lines: Array.from({ length: 12 }, (_, i) => `key${i + 1}: value`),
        selected_lines: { '8': 'key8: value' },
      },
    });
    const { container } = renderView(evidence);
    expect(await screen.findByText('checkout')).toBeInTheDocument();
    const code = screen.getByRole('region', { name: 'Config lines' });
    for (const n of [5, 6, 7, 8, 9, 10, 11]) expect(code).toHaveTextContent(`key${n}: value`);
    expect(code).not.toHaveTextContent('key4: value');
    expect(code).not.toHaveTextContent('key12: value');
    const marked = container.querySelectorAll('mark');
    expect([...marked].map((m) => m.textContent)).toEqual(['8key8: value']);
  });

  it('shows log lines with their time, message and labels', async () => {
    renderView(
      evidenceRow({
        id: 'e2',
        type: 'log',
        evidence: {
          lines: [
            { timestamp: '2026-01-01T10:00:00Z', message: 'upstream timeout', labels: { pod: 'checkout-0' } },
          ],
        },
      }),
    );
    const table = await screen.findByRole('grid', { name: 'Log lines' });
    expect(table).toHaveTextContent('upstream timeout');
    expect(table).toHaveTextContent('pod=checkout-0');
  });

  it('shows a topology component with its health', async () => {
    page.api.reply('GET api/db/components', {
      status: 200,
      body: [
        {
          id: 'c1',
          name: 'checkout-api',
          type: 'Service',
          icon: null,
          status: 'unhealthy',
          health: 'unhealthy',
          status_reason: 'pods crash-looping',
        },
      ],
    });
    renderView(
      evidenceRow({ id: 'e3', type: 'topology', component_id: 'c1', description: 'checkout component' }),
    );
    expect(await screen.findByText('checkout-api')).toBeInTheDocument();
    // Its kind and description head it, as every list of evidence shows it.
    expect(within(screen.getByRole('main')).getByText('Topology')).toBeInTheDocument();
    expect(screen.getByText('checkout component')).toBeInTheDocument();
    expect(screen.getByText('Unhealthy')).toBeInTheDocument();
    expect(screen.getByText('pods crash-looping')).toBeInTheDocument();
  });

  it('shows a check with its results since the start, with their messages when asked', async () => {
    page.api.reply('GET api/db/checks', {
      status: 200,
      body: [{ id: 'k1', name: 'checkout-http', type: 'http', status: 'unhealthy' }],
    });
    page.api.reply('GET api/db/check_statuses', {
      status: 200,
      body: [
        {
          time: '2026-01-01T10:02:00Z',
          status: false,
          duration: 5000,
          message: null,
          error: 'connection refused',
        },
        { time: '2026-01-01T10:01:00Z', status: true, duration: 120, message: 'HTTP 200', error: null },
      ],
    });
    renderView(
      evidenceRow({
        id: 'e4',
        type: 'check',
        check_id: 'k1',
        evidence: { start: '2026-01-01T09:00:00Z', includeMessages: true },
      }),
    );
    expect(await screen.findByText('checkout-http')).toBeInTheDocument();
    expect(await screen.findByText('connection refused')).toBeInTheDocument();
    expect(screen.getByText('HTTP 200')).toBeInTheDocument();
    expect(screen.getAllByText('Healthy').length).toBeGreaterThan(0);
    const query = page.sent.find((r) => r.path === 'api/db/check_statuses')!.query;
    expect(query.get('check_id')).toBe('eq.k1');
    expect(query.get('time')).toBe('gte.2026-01-01T09:00:00.000Z');
    expect(query.get('order')).toBe('time.desc');
  });

  it('leaves a check’s messages out unless the evidence asks for them', async () => {
    page.api.reply('GET api/db/checks', {
      status: 200,
      body: [{ id: 'k1', name: 'checkout-http', type: 'http', status: 'healthy' }],
    });
    page.api.reply('GET api/db/check_statuses', {
      status: 200,
      body: [{ time: '2026-01-01T10:01:00Z', status: true, duration: 120, message: 'HTTP 200', error: null }],
    });
    renderView(evidenceRow({ id: 'e5', type: 'check', check_id: 'k1', evidence: { start: '-24h' } }));
    expect(await screen.findByRole('columnheader', { name: 'Duration' })).toBeInTheDocument();
    expect(screen.queryByText('HTTP 200')).not.toBeInTheDocument();
  });

  it('shows a config change with its diff', async () => {
    page.api.reply('GET api/db/config_changes', {
      status: 200,
      body: [
        {
          id: 'ch1',
          change_type: 'diff',
          severity: 'medium',
          summary: 'image bumped',
          source: null,
          diff: '--- a\n+++ b\n@@ -1 +1 @@\n-image: checkout:1.4.1\n+image: checkout:1.4.2\n',
          patches: null,
          created_at: '2026-01-01T09:55:00Z',
          config: { id: 'cfg1', name: 'checkout', type: 'Kubernetes::Deployment' },
        },
      ],
    });
    renderView(evidenceRow({ id: 'e6', type: 'config_change', config_change_id: 'ch1' }));
    const diff = await screen.findByRole('region', { name: 'Diff' });
    expect(within(diff).getByText('-image: checkout:1.4.1')).toBeInTheDocument();
    expect(within(diff).getByText('+image: checkout:1.4.2')).toBeInTheDocument();
    expect(screen.getByText('image bumped')).toBeInTheDocument();
  });

  it('shows a change’s patches when it has no diff', async () => {
    page.api.reply('GET api/db/config_changes', {
      status: 200,
      body: [
        {
          id: 'ch2',
          change_type: 'UPDATE',
          severity: null,
          summary: null,
          source: null,
          diff: null,
          patches: { spec: { replicas: 5 } },
          created_at: '2026-01-01T09:55:00Z',
          config: null,
        },
      ],
    });
    renderView(evidenceRow({ id: 'e7', type: 'config_change', config_change_id: 'ch2' }));
    const patches = await screen.findByRole('region', { name: 'Patches' });
    expect(patches).toHaveTextContent('"replicas": 5');
  });

  it('shows a config insight with its status and message', async () => {
    page.api.reply('GET api/db/config_analysis', {
      status: 200,
      body: [
        {
          id: 'a1',
          analyzer: 'privileged-container',
          analysis_type: 'security',
          severity: 'high',
          status: 'open',
          message: 'The container runs privileged',
          summary: null,
          last_observed: '2026-01-01T09:00:00Z',
          config: { id: 'cfg1', name: 'checkout', type: 'Kubernetes::Deployment' },
        },
      ],
    });
    renderView(evidenceRow({ id: 'e8', type: 'config_analysis', config_analysis_id: 'a1' }));
    expect(await screen.findByText('privileged-container')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('High')).toBeInTheDocument();
    expect(screen.getByText('The container runs privileged')).toBeInTheDocument();
  });

  it('shows a comment evidence’s text', async () => {
    renderView(
      evidenceRow({ id: 'e9', type: 'comment', description: 'Error rate below 0.1% for 30 minutes' }),
    );
    expect(await screen.findByText('Error rate below 0.1% for 30 minutes')).toBeInTheDocument();
  });
});

describe('EvidenceItem', () => {
  it('deletes an evidence after a confirmation', async () => {
    const { user } = renderTab(<EvidenceItem evidence={configEvidence} incidentId="i1" />);
    await user.click(await screen.findByRole('button', { name: 'Delete config evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete evidence ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [remove] = writesTo(page.sent, 'DELETE', 'api/db/evidences');
    expect(remove!.query.get('id')).toBe('eq.e1');
  });

  it("says 'Evidence delete failed' when the server refuses", async () => {
    page.api.reply('DELETE api/db/evidences', { status: 409, body: { message: 'The incident is closed' } });
    const { user } = renderTab(<EvidenceItem evidence={configEvidence} incidentId="i1" />);
    await user.click(await screen.findByRole('button', { name: 'Delete config evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete evidence ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Evidence delete failed')).toBeInTheDocument();
  });

  it('offers no delete to someone who cannot write evidence', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderTab(<EvidenceItem evidence={configEvidence} incidentId="i1" />);
    expect(
      await screen.findByRole('article', { name: 'Config evidence: checkout deployment' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
