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

  it('fails in one line when it cannot be run or is not a boolean', () => {
    expect(() => filterHolds('check.nope.deeper == 1', { check: {} })).toThrow(/^filter failed: /);
    expect(() => filterHolds('check.name ==', { check: {} })).toThrow(/^filter cannot be read: /);
    expect(() => filterHolds("'text'", {})).toThrow('filter gave string, not true or false');
  });
});
