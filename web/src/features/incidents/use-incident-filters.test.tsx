import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { FILTER_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS } from './incident-params.js';
import { useIncidentFilters } from './use-incident-filters.js';

function renderFilters(search: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/incidents${search}`]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(() => ({ filters: useIncidentFilters(), location: useLocation() }), {
    wrapper,
  });
  const params = () => new URLSearchParams(result.current.location.search);
  return { result, params };
}

describe('useIncidentFilters', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the filters of an entry link, with status open when the link names none', () => {
    const { result } = renderFilters('?severity=high&component=cmp1&type=security');
    expect(result.current.filters.applied).toEqual({
      severity: 'high',
      component: 'cmp1',
      type: 'security',
      status: 'open',
      owner: undefined,
      search: '',
    });
  });

  it('writes the search 400 ms after the last key, showing it meanwhile', () => {
    const { result, params } = renderFilters('?pageIndex=3');
    for (const text of ['p', 'pa', 'pay']) {
      act(() => result.current.filters.change({ search: text }, SEARCH_DEBOUNCE_MS));
      act(() => void jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    }
    expect(params().get('search')).toBeNull();
    expect(result.current.filters.shown.search).toBe('pay');
    act(() => void jest.advanceTimersByTime(1));
    expect(params().get('search')).toBe('pay');
    expect(params().get('pageIndex')).toBeNull();
    expect(result.current.filters.applied.search).toBe('pay');
  });

  it('writes the other filters 500 ms after the last choice, all at once', () => {
    const { result, params } = renderFilters('');
    act(() => result.current.filters.change({ severity: 'critical' }, FILTER_DEBOUNCE_MS));
    act(() => void jest.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1));
    act(() => result.current.filters.change({ status: 'all', owner: 'p1' }, FILTER_DEBOUNCE_MS));
    act(() => void jest.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1));
    expect(params().toString()).toBe('');
    expect(result.current.filters.shown).toMatchObject({ severity: 'critical', status: 'all', owner: 'p1' });
    act(() => void jest.advanceTimersByTime(1));
    expect(Object.fromEntries(params())).toEqual({ severity: 'critical', status: 'all', owner: 'p1' });
  });

  it('leaves the default status out of the URL', () => {
    const { result, params } = renderFilters('?status=closed');
    act(() => result.current.filters.change({ status: 'open' }, FILTER_DEBOUNCE_MS));
    act(() => void jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(params().has('status')).toBe(false);
    expect(result.current.filters.applied.status).toBe('open');
  });
});
