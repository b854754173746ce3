import { useCallback, useEffect, useRef } from 'react';

/**
 * A save that waits until the value has stopped changing for `delayMs` (spec 2 §9: a status after
 * 200 ms, a title after 1 s), so a burst of changes sends one request with the last value. A
 * pending save is sent at once when the component goes away, so leaving never loses an edit.
 */
export function useDebouncedSave<T>(save: (value: T) => void, delayMs: number): (value: T) => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<{ value: T } | undefined>(undefined);
  const latestSave = useRef(save);
  latestSave.current = save;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = undefined;
    if (next) latestSave.current(next.value);
  }, []);

  useEffect(() => flush, [flush]);

  return useCallback(
    (value: T) => {
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );
}
