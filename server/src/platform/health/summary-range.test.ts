import { HttpError } from '../../http/errors.js';
import { planRange, readSummaryQuery, relativeStart, START_MESSAGE } from './summary-range.js';

const now = new Date('2024-03-31T12:34:56.789Z');
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

function refusal(params: Record<string, unknown>): string {
  try {
    readSummaryQuery(params, now);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('accepted');
}

describe('relativeStart', () => {
  it.each([
    ['15m', '2024-03-31T12:19:56.789Z'],
    ['1h', '2024-03-31T11:34:56.789Z'],
    ['now-1h', '2024-03-31T11:34:56.789Z'],
    ['2d', '2024-03-29T12:34:56.789Z'],
    ['1w', '2024-03-24T12:34:56.789Z'],
    ['1mo', '2024-02-29T12:34:56.789Z'], // the last day of the shorter month
    ['3mo', '2023-12-31T12:34:56.789Z'],
    ['2M', '2024-01-31T12:34:56.789Z'],
    ['1y', '2023-03-31T12:34:56.789Z'],
    ['30s', '2024-03-31T12:34:26.789Z'],
  ])('%s before now is %s', (text, expected) => {
    expect(relativeStart(text, now)?.toISOString()).toBe(expected);
  });

  it.each(['', 'h', '1', '1 h', '-1h', 'yesterday', '1hour'])('%j is no relative time', (text) => {
    expect(relativeStart(text, now)).toBeUndefined();
  });
});

describe('readSummaryQuery', () => {
  it('defaults to the last hour up to now, deleted checks left out', () => {
    expect(readSummaryQuery({}, now)).toEqual({ from: hoursBefore(1), to: now, includeDeleted: false });
  });

  it('reads ISO times and the filters', () => {
    const id = '0a1b2c3d-0000-4000-8000-000000000001';
    expect(
      readSummaryQuery(
        {
          start: '2024-03-30T00:00:00Z',
          end: '2024-03-31T00:00:00.000Z',
          check_id: id,
          canary_id: id,
          agent_id: id,
          status: 'unhealthy',
          include_deleted: 'true',
        },
        now,
      ),
    ).toEqual({
      from: new Date('2024-03-30T00:00:00Z'),
      to: new Date('2024-03-31T00:00:00Z'),
      checkId: id,
      canaryId: id,
      agentId: id,
      status: 'unhealthy',
      includeDeleted: true,
    });
  });

  it.each([
    [{ start: 'yesterday' }, START_MESSAGE],
    [{ start: '1x' }, START_MESSAGE],
    [{ start: 'Tuesday 3' }, START_MESSAGE],
    [{ start: ['1h', '2h'] }, 'start may be given once'],
    [{ end: 'later' }, 'end must be an ISO time'],
    [{ start: '2024-04-01T00:00:00Z' }, 'start must be before end'],
    [{ check_id: '42' }, 'check_id must be a UUID'],
    [{ canary_id: 'x' }, 'canary_id must be a UUID'],
    [{ status: 'warning' }, 'status must be healthy or unhealthy'],
    [{ include_deleted: 'yes' }, 'include_deleted must be true or false'],
  ])('refuses %j: %s', (params, message) => {
    expect(refusal(params)).toBe(message);
  });
});

describe('planRange', () => {
  const at = (iso: string) => new Date(iso);
  // The rollup job's last pass, five minutes into the current hour.
  const rolled = at('2024-03-31T12:05:00Z');

  it('reads raw statuses for an hour or less, and for any range before the rollup job first ran', () => {
    expect(planRange(hoursBefore(1), now, now, rolled)).toEqual({ kind: 'raw' });
    expect(planRange(hoursBefore(24), now, now, null)).toEqual({ kind: 'raw' });
  });

  it('reads day rows for the whole days the rollup job closed, hour rows around them, raw statuses at the edges', () => {
    expect(planRange(hoursBefore(72), now, now, rolled)).toEqual({
      kind: 'rollup',
      hoursFrom: at('2024-03-28T13:00:00Z'),
      daysFrom: at('2024-03-29T00:00:00Z'),
      daysTo: at('2024-03-31T00:00:00Z'),
      hoursTo: at('2024-03-31T12:00:00Z'),
    });
  });

  it('reads a day from hour rows, raw statuses only in its first partial hour and the open hour', () => {
    expect(planRange(hoursBefore(24), now, now, rolled)).toEqual({
      kind: 'rollup',
      hoursFrom: at('2024-03-30T13:00:00Z'),
      daysFrom: at('2024-03-31T12:00:00Z'),
      daysTo: at('2024-03-31T12:00:00Z'),
      hoursTo: at('2024-03-31T12:00:00Z'),
    });
    expect(planRange(at('2024-03-31T10:00:00Z'), now, now, rolled)).toMatchObject({
      kind: 'rollup',
      hoursFrom: at('2024-03-31T10:00:00Z'),
      hoursTo: at('2024-03-31T12:00:00Z'),
    });
  });

  it('reads raw statuses from the hour the rollup job last ran in: its row may miss what came after', () => {
    const behind = planRange(hoursBefore(72), now, now, at('2024-03-30T23:50:00Z'));
    expect(behind).toMatchObject({
      daysFrom: at('2024-03-29T00:00:00Z'),
      daysTo: at('2024-03-30T00:00:00Z'),
      hoursTo: at('2024-03-30T23:00:00Z'),
    });
    expect(planRange(hoursBefore(24), now, now, at('2024-03-31T11:58:00Z'))).toMatchObject({
      hoursTo: at('2024-03-31T11:00:00Z'),
    });
  });

  it('never counts a bucket that has not closed, even for a range ending later', () => {
    const plan = planRange(hoursBefore(48), hoursBefore(-30), now, at('2024-04-02T00:00:00Z'));
    expect(plan).toMatchObject({ daysTo: at('2024-03-31T00:00:00Z'), hoursTo: at('2024-03-31T12:00:00Z') });
  });

  it('keeps a range on day boundaries whole', () => {
    const from = at('2024-03-01T00:00:00Z');
    const to = at('2024-03-03T00:00:00Z');
    expect(planRange(from, to, now, rolled)).toEqual({
      kind: 'rollup',
      hoursFrom: from,
      daysFrom: from,
      daysTo: to,
      hoursTo: to,
    });
  });
});
