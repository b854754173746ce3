import { LogRequestError, parseTime, readSearchRequest } from './request.js';

const NOW = Date.parse('2026-06-11T12:00:00Z');

describe('readSearchRequest', () => {
  it('reads ages and RFC 3339 times, with the defaults of the contract', () => {
    expect(parseTime('15m', NOW)?.toISOString()).toBe('2026-06-11T11:45:00.000Z');
    expect(parseTime('1h30m', NOW)?.toISOString()).toBe('2026-06-11T10:30:00.000Z');
    expect(parseTime('1w', NOW)?.toISOString()).toBe('2026-06-04T12:00:00.000Z');
    expect(parseTime('2026-06-11T10:00:00+02:00', NOW)?.toISOString()).toBe('2026-06-11T08:00:00.000Z');
    expect(parseTime('yesterday', NOW)).toBeUndefined();
    const read = readSearchRequest({ id: 'c1' }, NOW);
    expect(read).toMatchObject({ id: 'c1', limit: 1000 });
    expect(read.start.toISOString()).toBe('2026-06-11T11:00:00.000Z');
    expect(read.end.getTime()).toBe(NOW);
  });

  it.each([
    [undefined, 'The body must be a JSON object: {id, name, query, start, end, limit}'],
    [{}, 'id is required: the component whose logs to search'],
    [
      { id: 'c', start: 'soon' },
      "start must be an RFC 3339 time (2024-06-11T10:00:00Z) or an age like 15m, 1h, 2d or 1w, not 'soon'",
    ],
    [{ id: 'c', start: '1h', end: '2h' }, 'start must not be after end'],
    [{ id: 'c', limit: 0 }, 'limit must be a whole number from 1 to 10000'],
    [{ id: 'c', limit: 10_001 }, 'limit must be a whole number from 1 to 10000'],
    [{ id: 'c', limit: '5' }, 'limit must be a whole number from 1 to 10000'],
    [{ id: 'c', query: 5 }, 'query must be text'],
  ])('refuses %j: %s', (body, message) => {
    expect(() => readSearchRequest(body, NOW)).toThrow(new LogRequestError(message));
  });
});
