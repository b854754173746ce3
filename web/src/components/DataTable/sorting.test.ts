import {
  DEFAULT_PAGE_SIZES,
  compareSortValues,
  defaultSortValue,
  groupRows,
  pageCount,
  pageSlice,
  sortRows,
} from './sorting.js';

describe('pageCount', () => {
  it('is ceil(total / pageSize)', () => {
    expect(pageCount(0, 50)).toBe(0);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(1234, 10)).toBe(124);
  });

  it('is -1 when the total is unknown', () => {
    expect(pageCount(undefined, 50)).toBe(-1);
    expect(pageCount(null, 50)).toBe(-1);
    expect(pageCount(Number.NaN, 50)).toBe(-1);
    expect(pageCount(-1, 50)).toBe(-1);
  });
});

describe('pageSlice', () => {
  const items = Array.from({ length: 23 }, (_, i) => i);

  it('returns the items of the 0-based page', () => {
    expect(pageSlice(items, 0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageSlice(items, 2, 10)).toEqual([20, 21, 22]);
    expect(pageSlice(items, 3, 10)).toEqual([]);
  });
});

describe('DEFAULT_PAGE_SIZES', () => {
  it('lists the sizes of spec 1 §9', () => {
    expect(DEFAULT_PAGE_SIZES).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
  });
});

describe('defaultSortValue', () => {
  it('reads row[id], turning dates and booleans into numbers', () => {
    expect(defaultSortValue({ name: 'a' }, 'name')).toBe('a');
    expect(defaultSortValue({ n: 3 }, 'n')).toBe(3);
    expect(defaultSortValue({ on: true }, 'on')).toBe(1);
    expect(defaultSortValue({ at: new Date(5) }, 'at')).toBe(5);
    expect(defaultSortValue({}, 'missing')).toBeNull();
    expect(defaultSortValue(null, 'x')).toBeNull();
  });
});

describe('sortRows', () => {
  const rows = [
    { name: 'item 10', size: 3 },
    { name: 'Item 2', size: null },
    { name: 'item 1', size: 20 },
    { name: '', size: 1 },
  ];
  const byName = (r: (typeof rows)[number]) => r.name;
  const bySize = (r: (typeof rows)[number]) => r.size;

  it('sorts strings naturally and case-insensitively', () => {
    expect(sortRows(rows, byName, 'asc').map(byName)).toEqual(['item 1', 'Item 2', 'item 10', '']);
    expect(sortRows(rows, byName, 'desc').map(byName)).toEqual(['item 10', 'Item 2', 'item 1', '']);
  });

  it('sorts numbers numerically with empty values last in both orders', () => {
    expect(sortRows(rows, bySize, 'asc').map(bySize)).toEqual([1, 3, 20, null]);
    expect(sortRows(rows, bySize, 'desc').map(bySize)).toEqual([20, 3, 1, null]);
  });

  it('keeps equal rows in their order and leaves the input alone', () => {
    const same = [
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
      { id: 'c', v: 0 },
    ];
    expect(sortRows(same, (r) => r.v, 'asc').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(same.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('compares mixed values as text', () => {
    expect(compareSortValues(2, 10)).toBeLessThan(0);
    expect(compareSortValues('b', 'A')).toBeGreaterThan(0);
  });
});

describe('groupRows', () => {
  it('groups by key in order of first appearance', () => {
    const rows = [
      { ns: 'prod', id: 1 },
      { ns: 'dev', id: 2 },
      { ns: 'prod', id: 3 },
    ];
    expect(groupRows(rows, (r) => r.ns)).toEqual([
      { key: 'prod', rows: [rows[0], rows[2]] },
      { key: 'dev', rows: [rows[1]] },
    ]);
  });
});
