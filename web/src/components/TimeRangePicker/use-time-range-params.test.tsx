import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { absoluteRange, lastRange, MAPPED_RANGES, type TimeRange } from '../../lib/time-range/index.js';
import { useTimeRangeParams, type UseTimeRangeParamsOptions } from './use-time-range-params.js';

function setup(url: string, options?: UseTimeRangeParamsOptions) {
  const seen = { search: '', navigation: '' };
  function Probe() {
    seen.search = useLocation().search;
    seen.navigation = useNavigationType();
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <Probe />
    </MemoryRouter>
  );
  const { result } = renderHook(() => useTimeRangeParams(options), { wrapper });
  return {
    range: () => result.current[0],
    setRange: (range: TimeRange | undefined) => result.current[1](range),
    params: () => new URLSearchParams(seen.search),
    navigation: () => seen.navigation,
  };
}

const twoDays = lastRange('2d');
const previousMonth = MAPPED_RANGES.find((r) => r.display === 'Previous month')!;

describe('useTimeRangeParams', () => {
  it('gives the default range while the URL has none', () => {
    const { range, params } = setup('/changes', { defaultRange: twoDays });
    expect(range()).toEqual(twoDays);
    expect(params().toString()).toBe('');
  });

  it('gives undefined without a default', () => {
    expect(setup('/').range()).toBeUndefined();
  });

  it('derives a named range from its expressions', () => {
    expect(setup('/?from=now-1M/M&to=now-1M/M').range()).toEqual(previousMonth);
  });

  it('derives relative ranges with a generated display', () => {
    expect(setup('/?from=now-2d&to=now').range()).toEqual(twoDays);
    expect(setup('/?from=now-3h&to=now-1h').range()).toEqual({
      type: 'relative',
      from: 'now-3h',
      to: 'now-1h',
      display: 'now-3h to now-1h',
    });
  });

  it('derives an absolute range from two timestamps', () => {
    const range = absoluteRange(new Date(2024, 2, 1, 8), new Date(2024, 2, 2, 18));
    const query = new URLSearchParams({ from: range.from, to: range.to });
    expect(setup(`/?${query}`).range()).toEqual(range);
  });

  it('falls back to the default for an invalid or half range', () => {
    expect(setup('/?from=now-2x&to=now', { defaultRange: twoDays }).range()).toEqual(twoDays);
    expect(setup('/?from=now-6h', { defaultRange: twoDays }).range()).toEqual(twoDays);
  });

  it('writes both params, replacing the history entry and keeping other params', () => {
    const hook = setup('/health?layout=card', { defaultRange: twoDays });
    act(() => hook.setRange(previousMonth));
    expect(hook.params().get('from')).toBe('now-1M/M');
    expect(hook.params().get('to')).toBe('now-1M/M');
    expect(hook.params().get('layout')).toBe('card');
    expect(hook.navigation()).toBe('REPLACE');
    expect(hook.range()).toEqual(previousMonth);
  });

  it('removes the params for the default range or none, leaving the URL clean', () => {
    const hook = setup('/?from=now-6h&to=now&page=2', { defaultRange: twoDays });
    expect(hook.range()).toEqual(lastRange('6h'));
    act(() => hook.setRange(lastRange('2d')));
    expect(hook.params().toString()).toBe('page=2');
    expect(hook.range()).toEqual(twoDays);
    act(() => hook.setRange(lastRange('1h')));
    act(() => hook.setRange(undefined));
    expect(hook.params().toString()).toBe('page=2');
  });

  it('uses custom param names', () => {
    const hook = setup('/?since=now-7d&until=now&from=x', { paramNames: { from: 'since', to: 'until' } });
    expect(hook.range()).toEqual(lastRange('7d'));
    act(() => hook.setRange(lastRange('1h')));
    expect(hook.params().get('since')).toBe('now-1h');
    expect(hook.params().get('until')).toBe('now');
    expect(hook.params().get('from')).toBe('x');
  });
});
