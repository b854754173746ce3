import { canonical, mergePatch, stableJson, unifiedDiff } from './diff.js';

describe('comparing and diffing config bodies', () => {
  it('reads two bodies with their keys in another order as the same', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      stableJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(canonical({ when: new Date('2026-01-01T00:00:00Z'), gone: undefined })).toEqual({
      when: '2026-01-01T00:00:00.000Z',
    });
  });

  it('makes the JSON merge patch from the old body to the new one', () => {
    const before = { spec: { replicas: 1, image: 'a:1' }, status: { ready: true }, old: 'x' };
    const after = { spec: { replicas: 3, image: 'a:1' }, status: { ready: true }, added: [1, 2] };
    expect(mergePatch(before, after)).toEqual({ spec: { replicas: 3 }, old: null, added: [1, 2] });
    expect(mergePatch([1], [2])).toEqual([2]);
  });

  it('writes a unified diff of the pretty-printed bodies, nothing when they read the same', () => {
    const diff = unifiedDiff({ spec: { replicas: 1 } }, { spec: { replicas: 3 } });
    expect(diff).toContain('--- a/config');
    expect(diff).toContain('-    "replicas": 1');
    expect(diff).toContain('+    "replicas": 3');
    expect(unifiedDiff({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe('');
  });
});
