import { coalesceValues } from './helm-values.js';

describe('coalesceValues', () => {
  it('merges maps key by key and lets the typed values win', () => {
    expect(
      coalesceValues(
        { region: 'eu', image: { repository: 'mc', tag: 'v1' }, hosts: ['a', 'b'] },
        { image: { tag: 'v2' }, hosts: ['c'] },
      ),
    ).toEqual({ region: 'eu', image: { repository: 'mc', tag: 'v2' }, hosts: ['c'] });
  });

  it('removes a default set to null, and keeps the defaults without typed values', () => {
    expect(coalesceValues({ a: 1, b: 2 }, { b: null })).toEqual({ a: 1 });
    expect(coalesceValues({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
