/**
 * Fixtures of the Action Plan, Comments and evidence tests: an incident with a root, a factor and
 * a solution, a config evidence and a comment mentioning someone, and a page that hosts one tab.
 * Only tests import this file.
 */
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { renderInShell, type FakeApi, type SentRequest } from '../../../shell/test-support.js';
import type { CommentRow, HypothesisRow } from '../hypotheses-api.js';
import { evidenceRow, incidentRow } from '../test-support.js';
import type { Incident } from '../types.js';

export const ADA = { id: '0a0a0a0a-0000-4000-8000-000000000001', name: 'Ada Lovelace', avatar: null };
export const ALAN = { id: '0a0a0a0a-0000-4000-8000-000000000002', name: 'Alan Turing', avatar: null };
/** Who whoamiAs() signs in. */
export const ME = { id: 'u1', name: 'Jane Doe', avatar: null };

export const incident: Incident = incidentRow({ incident_id: 'INC0000001', title: 'Checkout is slow' });

export { evidenceRow };

export const configEvidence = evidenceRow({
  id: 'e1',
  type: 'config',
  description: 'checkout deployment',
  evidence: {
    lines: [
      'spec:',
      '  replicas: 3',
      '  template:',
      '    spec:',
      '      containers:',
      '      - image: checkout:1.4.2',
    ],
    selected_lines: { '6': '      - image: checkout:1.4.2' },
  },
});

function hypothesis(patch: Partial<HypothesisRow> & Pick<HypothesisRow, 'id' | 'type'>): HypothesisRow {
  return {
    incident_id: 'i1',
    parent_id: null,
    title: null,
    status: 'possible',
    created_by: null,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    evidences: [],
    ...patch,
  };
}

export const root = hypothesis({
  id: 'h1',
  type: 'root',
  title: 'Database overloaded',
  evidences: [configEvidence],
});
export const factor = hypothesis({ id: 'h2', type: 'factor', parent_id: 'h1', title: 'Slow queries' });
export const solution = hypothesis({ id: 'h3', type: 'solution', parent_id: 'h2', title: null });
export const HYPOTHESES = [root, factor, solution];

export function commentRow(patch: Partial<CommentRow> & Pick<CommentRow, 'id' | 'comment'>): CommentRow {
  return {
    incident_id: 'i1',
    hypothesis_id: 'h1',
    responder_id: null,
    external_created_by: null,
    created_by: ADA.id,
    created_at: '2026-01-01T10:10:00Z',
    creator: ADA,
    ...patch,
  };
}

export const COMMENTS = [
  commentRow({ id: 'c1', comment: `Paging @[Alan Turing](user:${ALAN.id}) about the pool` }),
  commentRow({
    id: 'c2',
    hypothesis_id: 'h2',
    comment: 'The index is missing',
    creator: ALAN,
    created_by: ALAN.id,
  }),
];

/** The usual replies of the tree's reads. */
export function treeReplies(api: FakeApi) {
  api.reply('GET api/db/hypotheses', { status: 200, body: HYPOTHESES });
  api.reply('GET api/db/comments', { status: 200, body: COMMENTS });
  api.reply('GET api/db/configs', {
    status: 200,
    body: { id: 'cfg1', name: 'checkout', type: 'Kubernetes::Deployment' },
  });
  api.reply('GET api/incidents/people', { status: 200, body: [ADA, ALAN] });
  api.reply('PATCH api/db/hypotheses', { status: 204 });
  api.reply('POST api/db/hypotheses', { status: 201 });
  api.reply('DELETE api/db/hypotheses', { status: 204 });
  api.reply('POST api/db/comments', { status: 201 });
  api.reply('DELETE api/db/evidences', { status: 204 });
}

/** A tab or view inside the console chrome at /incidents/i1 (plus `search`). */
export function renderTab(element: ReactNode, search = '') {
  const user = userEvent.setup();
  const result = renderInShell([{ path: 'incidents/:id', element }], `/incidents/i1${search}`);
  return { ...result, user };
}

export const writesTo = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((r) => r.method === method && r.path === path);
