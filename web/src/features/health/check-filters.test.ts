import { countHealth, labelGroups, matchesLabels, matchesQuery } from './check-filters.js';
import { makeCheck } from './test-checks.js';

describe('matchesQuery', () => {
  const check = makeCheck('c1', {
    name: 'Payments API',
    description: 'Checks the checkout',
    endpoint: 'https://pay.example.com/health',
  });

  it('matches the name, description or endpoint, ignoring case', () => {
    expect(matchesQuery(check, 'payments')).toBe(true);
    expect(matchesQuery(check, 'CHECKOUT')).toBe(true);
    expect(matchesQuery(check, 'pay.example')).toBe(true);
    expect(matchesQuery(check, '  api ')).toBe(true);
  });

  it('does not match other fields or other text', () => {
    expect(matchesQuery(check, 'http')).toBe(true); // in the endpoint
    expect(matchesQuery(makeCheck('c2', { name: 'x', type: 'http' }), 'http')).toBe(false);
    expect(matchesQuery(check, 'orders')).toBe(false);
  });

  it('matches everything with an empty query', () => {
    expect(matchesQuery(check, '')).toBe(true);
    expect(matchesQuery(check, '   ')).toBe(true);
  });
});

describe('matchesLabels', () => {
  const prodDb = makeCheck('a', { labels: { env: 'prod', team: 'db' } });
  const devDb = makeCheck('b', { labels: { env: 'dev', team: 'db' } });
  const prodWeb = makeCheck('c', { labels: { env: 'prod', team: 'web' } });
  const none = makeCheck('d');
  const all = [prodDb, devDb, prodWeb, none];
  const ids = (filter: Parameters<typeof matchesLabels>[1]) =>
    all.filter((check) => matchesLabels(check, filter)).map((check) => check.id);

  it('keeps only checks with an included label', () => {
    expect(ids({ 'env=prod': 1 })).toEqual(['a', 'c']);
  });

  it('drops checks with an excluded label', () => {
    expect(ids({ 'team=db': -1 })).toEqual(['c', 'd']);
  });

  it('treats includes of one key as alternatives and of different keys as all required', () => {
    expect(ids({ 'env=prod': 1, 'env=dev': 1 })).toEqual(['a', 'b', 'c']);
    expect(ids({ 'env=prod': 1, 'team=db': 1 })).toEqual(['a']);
  });

  it('combines includes and excludes', () => {
    expect(ids({ 'env=prod': 1, 'team=web': -1 })).toEqual(['a']);
  });

  it('keeps everything without a filter', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('splits a label id at its first =', () => {
    expect(matchesLabels(makeCheck('e', { labels: { q: 'a=b' } }), { 'q=a=b': 1 })).toBe(true);
  });
});

describe('countHealth', () => {
  it('counts passing and failing checks; checks that never ran are neither', () => {
    expect(
      countHealth([
        makeCheck('a'),
        makeCheck('b', { status: 'unhealthy' }),
        makeCheck('c', { status: 'unhealthy' }),
        makeCheck('d', { status: null }),
      ]),
    ).toEqual({ passing: 1, failing: 2 });
  });
});

describe('labelGroups', () => {
  it('lists every key=value by key with its number of checks, sorted', () => {
    expect(
      labelGroups([
        makeCheck('a', { labels: { team: 'db', env: 'prod' } }),
        makeCheck('b', { labels: { env: 'dev' } }),
        makeCheck('c', { labels: { env: 'prod' } }),
      ]),
    ).toEqual([
      {
        key: 'env',
        options: [
          { id: 'env=dev', value: 'dev', count: 1 },
          { id: 'env=prod', value: 'prod', count: 2 },
        ],
      },
      { key: 'team', options: [{ id: 'team=db', value: 'db', count: 1 }] },
    ]);
  });
});
