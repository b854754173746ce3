import { jest } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { useDebouncedSave } from './use-debounced-save.js';

describe('useDebouncedSave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves once, with the last value, when the changes have stopped for the delay', () => {
    const saved: string[] = [];
    const { result } = renderHook(() => useDebouncedSave<string>((value) => saved.push(value), 200));
    result.current('likely');
    jest.advanceTimersByTime(150);
    result.current('proven');
    jest.advanceTimersByTime(199);
    expect(saved).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(saved).toEqual(['proven']);
    jest.advanceTimersByTime(1000);
    expect(saved).toEqual(['proven']);
  });

  it('sends a pending save at once when the component goes away', () => {
    const saved: string[] = [];
    const { result, unmount } = renderHook(() =>
      useDebouncedSave<string>((value) => saved.push(value), 1000),
    );
    result.current('New title');
    unmount();
    expect(saved).toEqual(['New title']);
    jest.advanceTimersByTime(1000);
    expect(saved).toEqual(['New title']);
  });
});
