/** Fixtures of the incident page's tests: one incident with two evidences, and its page rendered. */
import userEvent from '@testing-library/user-event';
import { renderInShell, type FakeApi } from '../../shell/test-support.js';
import type { IncidentDetail, IncidentHistoryRow } from './incident-api.js';
import { evidenceRow, incidentRow } from './test-support.js';
import type { Evidence } from './types.js';
import { IncidentPage } from './IncidentPage.js';

export function evidence(overrides: Partial<Evidence> & Pick<Evidence, 'id'>): Evidence {
  return evidenceRow({
    type: 'check',
    description: `Evidence ${overrides.id}`,
    created_by: 'u1',
    created_at: '2024-05-01T10:00:00Z',
    ...overrides,
  });
}

export const LOG_EVIDENCE = evidence({ id: 'e1', type: 'log', description: 'Error rate spike' });
export const CHECK_EVIDENCE = evidence({ id: 'e2', type: 'check', description: 'HTTP check failing' });

export function incident(overrides: Partial<IncidentDetail> = {}): IncidentDetail {
  return {
    ...incidentRow({
      id: '7a0c2d4e-1111-4222-8333-444455556666',
      title: 'Checkout is slow',
      type: 'performance',
      severity: 'medium',
      created_by: 'u1',
      created_at: '2024-05-01T09:00:00Z',
      updated_at: '2024-05-01T09:00:00Z',
    }),
    commander: null,
    hypotheses: [
      {
        id: 'h1',
        incident_id: '7a0c2d4e-1111-4222-8333-444455556666',
        parent_id: null,
        title: 'Checkout is slow',
        type: 'root',
        status: 'possible',
        created_by: 'u1',
        created_at: '2024-05-01T09:00:00Z',
        updated_at: '2024-05-01T09:00:00Z',
        evidences: [LOG_EVIDENCE, CHECK_EVIDENCE],
      },
    ],
    ...overrides,
  };
}

export const HISTORY: IncidentHistoryRow[] = [
  {
    id: 'ih3',
    incident_id: '7a0c2d4e-1111-4222-8333-444455556666',
    type: 'responder.created',
    description: 'team',
    created_by: null,
    created_at: '2024-05-01T09:10:00Z',
    responder_id: 'r1',
    evidence_id: null,
    comment_id: null,
    hypothesis_id: null,
    actor: null,
    responder: { team: { id: 't1', name: 'Platform' }, person: null },
  },
  {
    id: 'ih2',
    incident_id: '7a0c2d4e-1111-4222-8333-444455556666',
    type: 'incident.status_updated',
    description: 'new -> open',
    created_by: 'u1',
    created_at: '2024-05-01T09:05:00Z',
    responder_id: null,
    evidence_id: null,
    comment_id: null,
    hypothesis_id: null,
    actor: { id: 'u1', name: 'Jane Doe', avatar: null },
  },
];

/** The replies every page test starts from; the other tabs' reads answer empty. */
export function incidentReplies(api: FakeApi, detail: IncidentDetail = incident()): void {
  api.reply('GET api/db/incidents', { status: 200, body: [detail] });
  api.reply('GET api/db/evidences', {
    status: 200,
    body: detail.hypotheses.flatMap((hypothesis) => hypothesis.evidences),
  });
  api.reply('GET api/db/incident_histories', { status: 200, body: HISTORY });
  api.reply('GET api/db/components', { status: 200, body: [] });
  api.reply('GET api/incidents/people', {
    status: 200,
    body: [{ id: 'u1', name: 'Jane Doe', avatar: null }],
  });
  for (const table of ['hypotheses', 'comments', 'responders'])
    api.reply(`GET api/db/${table}`, { status: 200, body: [] });
}

export function renderIncident(search = '') {
  const user = userEvent.setup();
  const result = renderInShell(
    [{ path: 'incidents/:id', element: <IncidentPage /> }],
    `/incidents/7a0c2d4e-1111-4222-8333-444455556666${search}`,
  );
  return { ...result, user };
}
