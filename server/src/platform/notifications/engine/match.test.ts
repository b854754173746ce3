import { celContext } from '../../../lib/cel.js';
import { filterHolds, filterProblem } from './match.js';

describe('a rule filter', () => {
  it('holds or not over the event context', () => {
    const env = { check: { name: 'api', labels: { team: 'payments' } }, config: {} };
    expect(filterHolds("check.labels.team == 'payments'", env)).toBe(true);
    expect(filterHolds("check.name == 'web'", env)).toBe(false);
    expect(filterHolds('', env)).toBe(true);
    expect(filterHolds(null, env)).toBe(true);
  });

  it('says where an expression cannot be read', () => {
    expect(filterProblem("check.name == 'api'")).toBeUndefined();
    expect(filterProblem('check.name ==')).toBe('Unexpected token: EOF at column 14');
  });

  it('answers the same over a context converted once for every rule of an event', () => {
    const raw = {
      check: {
        name: 'api',
        labels: { team: 'payments' },
        latency: 250,
        at: new Date('2026-11-29T10:00:00Z'),
      },
    };
    const once = celContext(raw);
    for (const filter of [
      "check.labels.team == 'payments'",
      'check.latency > 200',
      "check.at > timestamp('2026-11-29T09:00:00Z')",
      "check.name == 'web'",
    ]) {
      expect([filter, filterHolds(filter, once)]).toEqual([filter, filterHolds(filter, raw)]);
    }
  });

  it('fails in one line when it cannot be run or is not a boolean', () => {
    expect(() => filterHolds('check.nope.deeper == 1', { check: {} })).toThrow(/^filter failed: /);
    // Where, also when run: the reason names the column.
    expect(() => filterHolds('check.name ==', { check: {} })).toThrow(
      'filter cannot be read: Unexpected token: EOF at column 14',
    );
    expect(() => filterHolds("'text'", {})).toThrow('filter gave string, not true or false');
  });
});
