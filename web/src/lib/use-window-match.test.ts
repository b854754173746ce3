import { act, renderHook } from '@testing-library/react';
import { useWindowMatch } from './use-window-match.js';

const narrow = (view: Window) => view.innerWidth < 1024;

describe('useWindowMatch', () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it('answers for the window as it is, and again after a resize', () => {
    window.innerWidth = 1280;
    const { result } = renderHook(() => useWindowMatch(narrow));
    expect(result.current).toBe(false);
    act(() => {
      window.innerWidth = 800;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(true);
  });
});
