import {
  chooseSort,
  readSort,
  sortChoices,
  sortComponents,
  SORT_BY_STORAGE_KEY,
  SORT_ORDER_STORAGE_KEY,
} from './sorting.js';
import { ORDERS, PAYMENTS, ROOTS } from './test-support.js';

const names = (list: { name: string }[]) => list.map((c) => c.name);

beforeEach(() => localStorage.clear());

describe('sorting', () => {
  it('ranks health info 4, healthy 3, warning 2, unhealthy 1', () => {
    expect(names(sortComponents(ROOTS, 'status', 'desc'))).toEqual([
      'docs',
      'payments',
      'inventory',
      'orders',
    ]);
    expect(names(sortComponents(ROOTS, 'status', 'asc'))).toEqual([
      'orders',
      'inventory',
      'payments',
      'docs',
    ]);
  });

  it('sorts by name and by a headline property, components without one last', () => {
    expect(names(sortComponents(ROOTS, 'name', 'asc'))).toEqual(['docs', 'inventory', 'orders', 'payments']);
    expect(names(sortComponents(ROOTS, 'field:cpu', 'desc'))[0]).toBe('payments');
    expect(names(sortComponents(ROOTS, 'field:cpu', 'asc'))[0]).toBe('payments');
  });

  it('offers health, name, type, last updated, and the headline properties', () => {
    expect(sortChoices([PAYMENTS, ORDERS]).map((c) => c.value)).toEqual([
      'status',
      'name',
      'type',
      'updated_at',
      'field:cpu',
      'field:memory',
      'field:cost',
    ]);
  });

  it('defaults to health descending; a stored choice comes back, its order asc by default', () => {
    expect(readSort(new URLSearchParams())).toEqual({ sortBy: 'status', sortOrder: 'desc' });
    localStorage.setItem(SORT_BY_STORAGE_KEY, 'name');
    expect(readSort(new URLSearchParams())).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(readSort(new URLSearchParams('sortBy=type&sortOrder=desc'))).toEqual({
      sortBy: 'type',
      sortOrder: 'desc',
    });
  });

  it('stores a choice; health descending clears the sort parameters', () => {
    const chosen = chooseSort(new URLSearchParams('type=Namespace'), { sortBy: 'name', sortOrder: 'asc' });
    expect(chosen.toString()).toBe('type=Namespace&sortBy=name&sortOrder=asc');
    expect(localStorage.getItem(SORT_BY_STORAGE_KEY)).toBe('name');
    expect(localStorage.getItem(SORT_ORDER_STORAGE_KEY)).toBe('asc');
    const cleared = chooseSort(chosen, { sortBy: 'status', sortOrder: 'desc' });
    expect(cleared.toString()).toBe('type=Namespace');
    expect(readSort(cleared)).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });
});
