import { DURATION_UNIT_MESSAGE, durationError } from '../../../lib/format.js';
import { historyFilters, historyKey, DURATION_PRESETS } from './history-query.js';

describe('historyFilters', () => {
  it.each<[Parameters<typeof historyFilters>[0], ReturnType<typeof historyFilters>]>([
    [{ status: 'all', minDuration: '' }, []],
    [{ status: 'healthy', minDuration: '' }, [['status', 'eq', '1']]],
    [{ status: 'unhealthy', minDuration: '' }, [['status', 'eq', '0']]],
    [{ status: 'all', minDuration: '500ms' }, [['duration', 'gte', '500']]],
    [{ status: 'all', minDuration: '1.5s' }, [['duration', 'gte', '1500']]],
    [
      { status: 'unhealthy', minDuration: '30s' },
      [
        ['status', 'eq', '0'],
        ['duration', 'gte', '30000'],
      ],
    ],
  ])('%j → %j', (filters, expected) => {
    expect(historyFilters(filters)).toEqual(expected);
  });

  it.each(['2m', '1h', '500', 'fast'])(
    'queries nothing for the duration %s, which shows the unit message',
    (text) => {
      expect(historyFilters({ status: 'healthy', minDuration: text })).toBeUndefined();
      expect(durationError(text)).toBe(DURATION_UNIT_MESSAGE);
      expect(DURATION_UNIT_MESSAGE).toBe('duration is allowed only in milli seconds & seconds');
    },
  );

  it('offers the presets of spec 1 §2, each a valid filter', () => {
    expect(DURATION_PRESETS).toEqual(['100ms', '500ms', '1s', '5s', '10s', '30s']);
    for (const preset of DURATION_PRESETS)
      expect(historyFilters({ status: 'all', minDuration: preset })).toHaveLength(1);
  });
});

describe('historyKey', () => {
  it('differs per filter and page, so each is fetched and cached apart', () => {
    const base = {
      checkId: 'c1',
      since: '2024-01-01T00:00:00.000Z',
      filters: [],
      pageIndex: 0,
      pageSize: 50,
    };
    const keys = new Set([
      historyKey(base),
      historyKey({ ...base, pageIndex: 1 }),
      historyKey({ ...base, pageSize: 100 }),
      historyKey({ ...base, filters: [['status', 'eq', '1']] }),
      historyKey({ ...base, filters: [['status', 'eq', '0']] }),
    ]);
    expect(keys.size).toBe(5);
  });
});
