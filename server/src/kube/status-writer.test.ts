import { canaryStatus, statusPatch, type CheckState } from './status-writer.js';

const now = new Date('2024-06-11T12:00:00Z');
const check = (name: string, status: CheckState['status'], at?: string): CheckState => ({
  id: `id-${name}`,
  name,
  status,
  lastRuntime: at ? new Date(at) : null,
});

describe('canaryStatus', () => {
  it('is Pending before any run, without uptime or latency', () => {
    expect(canaryStatus([check('home', null)], undefined, 1, undefined, now)).toEqual({
      status: 'Pending',
      message: '0 of 1 check passing',
      lastTransitionedTime: now.toISOString(),
      uptime1h: '',
      latency1h: '',
      observedGeneration: 1,
      checks: { home: 'id-home' },
    });
  });

  it('is Passed when every check passed at its last run, with the hour figures', () => {
    const status = canaryStatus(
      [check('home', 'healthy', '2024-06-11T11:59:00Z'), check('api', 'healthy', '2024-06-11T11:58:00Z')],
      { passed: 59, total: 60, p95: 119.6 },
      4,
      undefined,
      now,
    );
    expect(status).toMatchObject({
      status: 'Passed',
      message: '2 of 2 checks passing',
      lastCheck: '2024-06-11T11:59:00.000Z',
      lastTransitionedTime: '2024-06-11T11:59:00.000Z',
      uptime1h: '98.3%',
      latency1h: '120ms',
      observedGeneration: 4,
    });
  });

  it('is Failed when any check failed; the transition time stays while the status does', () => {
    const checks = [check('home', 'unhealthy', '2024-06-11T11:59:00Z'), check('api', 'healthy')];
    const previous = { status: 'Failed' as const, lastTransitionedTime: '2024-06-11T09:00:00.000Z' };
    expect(canaryStatus(checks, { passed: 0, total: 3, p95: 80 }, 2, previous, now)).toMatchObject({
      status: 'Failed',
      message: '1 of 2 checks passing',
      uptime1h: '0%',
      lastTransitionedTime: '2024-06-11T09:00:00.000Z',
    });
    expect(
      canaryStatus(checks, undefined, 2, { ...previous, status: 'Passed' }, now).lastTransitionedTime,
    ).toBe('2024-06-11T11:59:00.000Z');
  });
});

describe('statusPatch', () => {
  const next = canaryStatus([check('home', null)], undefined, 2, undefined, now);

  it('names the checks gone from the spec, and own fields no longer given, with null', () => {
    const current = {
      status: 'Passed' as const,
      lastCheck: '2024-06-11T11:00:00.000Z',
      checks: { home: 'id-home', api: 'id-api' },
      // Another writer's field: left alone.
      persistedID: 'x',
    };
    expect(statusPatch(next, current)).toEqual({
      ...next,
      lastCheck: null,
      checks: { api: null, home: 'id-home' },
    });
  });

  it('also names what the console wrote last when the resource as seen does not show it yet', () => {
    const earlier = { ...next, checks: { home: 'id-home', db: 'id-db' } };
    expect(statusPatch(next, undefined, earlier).checks).toEqual({ db: null, home: 'id-home' });
    expect(statusPatch(next, { checks: { home: 'id-home' } })).toEqual(next);
  });
});
