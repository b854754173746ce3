import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useTableState, type TableStateOptions } from './use-table-state.js';

function renderState(search: string, options?: TableStateOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/list${search}`]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(() => ({ state: useTableState(options), location: useLocation() }), {
    wrapper,
  });
  const params = () => new URLSearchParams(result.current.location.search);
  return { result, params };
}

describe('useTableState', () => {
  it('reads sort and page from the URL', () => {
    const { result } = renderState('?pageIndex=2&pageSize=10&sortBy=name&sortOrder=desc');
    expect(result.current.state).toMatchObject({
      pageIndex: 2,
      pageSize: 10,
      sortBy: 'name',
      sortOrder: 'desc',
    });
  });

  it('uses the defaults without parameters: page 0, size 50, no sort', () => {
    const { result } = renderState('');
    expect(result.current.state).toMatchObject({
      pageIndex: 0,
      pageSize: 50,
      sortBy: undefined,
      sortOrder: 'asc',
    });
  });

  it('falls back to ascending for an invalid order without a default sort', () => {
    const { result } = renderState('?sortBy=name&sortOrder=up');
    expect(result.current.state).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
  });

  it('uses the given defaults', () => {
    const { result } = renderState('', {
      defaultPageSize: 200,
      defaultSort: { by: 'created_at', order: 'desc' },
    });
    expect(result.current.state).toMatchObject({ pageSize: 200, sortBy: 'created_at', sortOrder: 'desc' });
  });

  it.each([
    ['?pageIndex=-3', { pageIndex: 0 }],
    ['?pageIndex=1.5', { pageIndex: 0 }],
    ['?pageSize=abc', { pageSize: 50 }],
    ['?pageSize=0', { pageSize: 50 }],
    ['?sortBy=size&sortOrder=up', { sortBy: 'size', sortOrder: 'desc' }],
    ['?sortBy=&sortOrder=asc', { sortBy: 'name', sortOrder: 'asc' }],
  ])('falls back to the defaults for invalid values (%s)', (search, expected) => {
    const { result } = renderState(search, { defaultSort: { by: 'name', order: 'desc' } });
    expect(result.current.state).toMatchObject(expected);
  });

  it('setSort writes sortBy and sortOrder and returns to the first page', () => {
    const { result, params } = renderState('?pageIndex=3&pageSize=10&other=keep');
    act(() => result.current.state.setSort('status', 'desc'));
    expect(params().get('sortBy')).toBe('status');
    expect(params().get('sortOrder')).toBe('desc');
    expect(params().get('pageIndex')).toBeNull();
    expect(params().get('pageSize')).toBe('10');
    expect(params().get('other')).toBe('keep');
    expect(result.current.state).toMatchObject({ sortBy: 'status', sortOrder: 'desc', pageIndex: 0 });
  });

  it('setPageIndex writes pageIndex; page 0 leaves it out', () => {
    const { result, params } = renderState('');
    act(() => result.current.state.setPageIndex(4));
    expect(params().get('pageIndex')).toBe('4');
    expect(result.current.state.pageIndex).toBe(4);
    act(() => result.current.state.setPageIndex(0));
    expect(params().has('pageIndex')).toBe(false);
  });

  it('setPageSize writes pageSize and returns to the first page', () => {
    const { result, params } = renderState('?pageIndex=2');
    act(() => result.current.state.setPageSize(100));
    expect(params().get('pageSize')).toBe('100');
    expect(params().has('pageIndex')).toBe(false);
    expect(result.current.state).toMatchObject({ pageSize: 100, pageIndex: 0 });
  });

  it('keeps two tables apart with a query prefix', () => {
    const { result, params } = renderState('?pageIndex=1&runs.pageIndex=5', { queryPrefix: 'runs.' });
    expect(result.current.state.pageIndex).toBe(5);
    act(() => result.current.state.setSort('name', 'asc'));
    expect(params().get('runs.sortBy')).toBe('name');
    expect(params().has('runs.pageIndex')).toBe(false);
    expect(params().get('pageIndex')).toBe('1');
    expect(params().has('sortBy')).toBe(false);
  });
});
