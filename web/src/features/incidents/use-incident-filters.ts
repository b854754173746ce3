import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readIncidentFilters, writeIncidentFilters, type IncidentFilters } from './incident-params.js';

export interface IncidentFilterState {
  /** What the URL says: what the list is asked for. */
  applied: IncidentFilters;
  /** What the controls show: the applied filters with the changes still waiting to be applied. */
  shown: IncidentFilters;
  /** Shows `change` at once and writes it to the URL once nothing else changed for `delayMs`. */
  change: (change: Partial<IncidentFilters>, delayMs: number) => void;
}

/**
 * The list's filters, kept in the URL and debounced (spec 2 §9): typing or picking does not ask
 * the server for every key or every choice, only for where the user stopped.
 */
export function useIncidentFilters(): IncidentFilterState {
  const [searchParams, setSearchParams] = useSearchParams();
  // The router takes a new URL in a transition: until it renders it, what was written is the URL.
  const [written, setWritten] = useState<URLSearchParams>();
  const [seen, setSeen] = useState(searchParams);
  if (seen !== searchParams) {
    setSeen(searchParams);
    setWritten(undefined);
  }
  const current = written ?? searchParams;
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  });

  const applied = useMemo(() => readIncidentFilters(current), [current]);
  const [pending, setPending] = useState<Partial<IncidentFilters>>({});
  const waiting = useRef<Partial<IncidentFilters>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (patch: Partial<IncidentFilters>, delayMs: number) => {
      waiting.current = { ...waiting.current, ...patch };
      setPending(waiting.current);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const next = writeIncidentFilters(latest.current, waiting.current);
        waiting.current = {};
        latest.current = next;
        setPending({});
        setWritten(next);
        setSearchParams(next);
      }, delayMs);
    },
    [setSearchParams],
  );

  const shown = useMemo(() => ({ ...applied, ...pending }), [applied, pending]);
  return { applied, shown, change };
}
