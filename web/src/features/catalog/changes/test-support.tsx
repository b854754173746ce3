/** The changes lists' fixtures: rows as POST /api/catalog/changes and /api/db answer them. */
import type { FakeApi } from '../../../shell/test-support.js';
import type { ChangeDetail, ChangeRow } from './changes-api.js';

export const CONFIG_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const PERSON_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
export const DIFF_CHANGE_ID = 'cccccccc-0000-4000-8000-000000000001';
export const EVENT_CHANGE_ID = 'cccccccc-0000-4000-8000-000000000002';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A diff of a deployment's replicas by a person, and a pod's back-off seen 612 times. */
export const CHANGES: ChangeRow[] = [
  {
    id: DIFF_CHANGE_ID,
    config_id: CONFIG_ID,
    change_type: 'diff',
    summary: 'spec.replicas changed',
    severity: 'medium',
    source: 'kubernetes',
    created_at: minutesAgo(5),
    first_observed: minutesAgo(5),
    count: 1,
    name: 'checkout',
    type: 'Kubernetes::Deployment',
    created_by: PERSON_ID,
    tags: { cluster: 'prod' },
  },
  {
    id: EVENT_CHANGE_ID,
    config_id: 'aaaaaaaa-0000-4000-8000-000000000002',
    change_type: 'BackOff',
    summary: 'Back-off restarting failed container',
    severity: 'high',
    source: 'kubernetes/event',
    created_at: minutesAgo(30),
    first_observed: minutesAgo(600),
    count: 612,
    name: 'checkout-7d9f-abcde',
    type: 'Kubernetes::Pod',
    external_created_by: 'system:serviceaccount:kube-system:kubelet',
  },
];

export const DIFF_DETAIL: ChangeDetail = {
  ...CHANGES[0]!,
  diff: '--- a\n+++ b\n@@ -4 +4 @@\n-  replicas: 2\n+  replicas: 5\n',
  patches: { spec: { replicas: 5 } },
  details: null,
  creator: { id: PERSON_ID, name: 'Jane Doe', avatar: null },
  config: { id: CONFIG_ID, name: 'checkout', type: 'Kubernetes::Deployment', deleted_at: null },
};

/** The usual answers of a changes page. */
export function replyChanges(api: FakeApi, changes: ChangeRow[] = CHANGES, total = 1234) {
  api.reply('POST api/catalog/changes', { status: 200, body: { changes, total } });
  api.reply('GET api/db/change_types', {
    status: 200,
    body: [{ change_type: 'BackOff' }, { change_type: 'diff' }, { change_type: 'Pulled' }],
  });
  api.reply('GET api/db/config_types', {
    status: 200,
    body: [{ type: 'Kubernetes::Deployment' }, { type: 'Kubernetes::Pod' }],
  });
  // Both the creators of a page and a change's detail read config_changes.
  api.reply('GET api/db/config_changes', { status: 200, body: [{ ...DIFF_DETAIL, created_by: PERSON_ID }] });
}

/** jsdom has no layout: the virtualized table needs a viewport height to render its rows. */
export function giveTablesAViewport(height = 450) {
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });
}
