import { readEntry } from './entry.js';
import { changeOf, changesOf, EventCursor, type KubeEvent } from './events.js';

const entry = readEntry({
  clusterName: 'c',
  event: { severityKeywords: { error: ['failed*'], warn: ['backoff'] } },
});

const event = (overrides: Partial<KubeEvent> = {}): KubeEvent => ({
  metadata: { uid: 'e1', name: 'web.1', namespace: 'shop', managedFields: [{}] },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'shop', uid: 'p1' },
  reason: 'Pulled',
  message: 'Successfully pulled image',
  type: 'Normal',
  count: 1,
  firstTimestamp: '2026-01-01T10:00:00Z',
  lastTimestamp: '2026-01-01T10:00:00Z',
  source: { component: 'kubelet' },
  ...overrides,
});

describe('an Event as a change', () => {
  it('is a change of its involved object, by uid', () => {
    const change = changeOf(event(), entry)!;
    expect(change).toMatchObject({
      externalChangeId: 'e1',
      config: { type: 'Kubernetes::Pod', externalId: 'p1' },
      changeType: 'Pulled',
      severity: 'info',
      source: 'Kubernetes/Event',
      summary: 'Successfully pulled image',
      createdBy: 'kubelet',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const details = change.details as Record<string, unknown>;
    expect(details.involvedObject).toBeUndefined();
    expect((details.metadata as Record<string, unknown>).managedFields).toBeUndefined();
  });

  it('names the object by type and name when the event has no uid for it', () => {
    const change = changeOf(event({ involvedObject: { kind: 'Node', name: 'node-1' } }), entry)!;
    expect(change.config).toEqual({ type: 'Kubernetes::Node', name: 'node-1' });
  });

  it('takes its severity from the keywords, then from the type', () => {
    expect(changeOf(event({ reason: 'FailedMount' }), entry)!.severity).toBe('high');
    expect(changeOf(event({ reason: 'BackOff' }), entry)!.severity).toBe('warning');
    expect(changeOf(event({ reason: 'Unhealthy', type: 'Warning' }), entry)!.severity).toBe('warning');
    expect(changeOf(event({ reason: 'Started' }), entry)!.severity).toBe('info');
  });

  it('is dropped without an involved object or when excluded', () => {
    expect(changeOf(event({ involvedObject: undefined }), entry)).toBeUndefined();
    const excluding = readEntry({ clusterName: 'c', event: { exclusions: { reason: ['Pull*'] } } });
    expect(changeOf(event(), excluding)).toBeUndefined();
  });
});

describe('the event cursor', () => {
  it('reports an event once, again when it recurs, and nothing older than where it started', () => {
    const cursor = new EventCursor(new Date('2026-01-01T09:00:00Z'));
    const old = event({ metadata: { uid: 'old' }, lastTimestamp: '2026-01-01T08:00:00Z' });
    expect(changesOf([old, event()], entry, cursor).map((c) => c.externalChangeId)).toEqual(['e1']);
    expect(changesOf([event()], entry, cursor)).toEqual([]);
    const recurred = event({ count: 2, lastTimestamp: '2026-01-01T10:05:00Z' });
    expect(changesOf([recurred], entry, cursor)).toEqual([
      expect.objectContaining({ externalChangeId: 'e1', createdAt: new Date('2026-01-01T10:05:00Z') }),
    ]);
    // A second occurrence within the same second still counts.
    expect(changesOf([{ ...recurred, count: 3 }], entry, cursor)).toHaveLength(1);
  });

  it('takes a watched event whatever its time says, once', () => {
    const cursor = new EventCursor(new Date('2026-01-01T12:00:00Z'));
    const late = event({ metadata: { uid: 'late' }, lastTimestamp: '2026-01-01T11:59:58Z' });
    expect(changesOf([late], entry, cursor)).toEqual([]);
    expect(changesOf([late], entry, cursor, { live: true })).toHaveLength(1);
    expect(changesOf([late], entry, cursor, { live: true })).toEqual([]);
  });
});
