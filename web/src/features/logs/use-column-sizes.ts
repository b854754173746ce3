import { useCallback, useState } from 'react';

/** Spec 2 §2: the widths the reader gave the columns, kept in the browser for the next visit. */
export const COLUMN_SIZES_KEY = 'logs.columnSizes';

export const MIN_COLUMN_WIDTH = 80;

export type ColumnSizes = Record<string, number>;

function readSizes(defaults: ColumnSizes): ColumnSizes {
  try {
    const stored = JSON.parse(localStorage.getItem(COLUMN_SIZES_KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return defaults;
    const sizes = { ...defaults };
    for (const [id, width] of Object.entries(stored)) {
      if (id in defaults && typeof width === 'number' && Number.isFinite(width)) {
        sizes[id] = Math.max(MIN_COLUMN_WIDTH, Math.round(width));
      }
    }
    return sizes;
  } catch {
    // Unreadable (not JSON, storage refused): the defaults.
    return defaults;
  }
}

/** Column widths in pixels by column id, stored under one key; a width never goes under the minimum. */
export function useColumnSizes(defaults: ColumnSizes): [ColumnSizes, (id: string, width: number) => void] {
  const [sizes, setSizes] = useState(() => readSizes(defaults));
  const setSize = useCallback((id: string, width: number) => {
    setSizes((previous) => {
      const next = { ...previous, [id]: Math.max(MIN_COLUMN_WIDTH, Math.round(width)) };
      try {
        localStorage.setItem(COLUMN_SIZES_KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused: the widths still hold for this visit.
      }
      return next;
    });
  }, []);
  return [sizes, setSize];
}
