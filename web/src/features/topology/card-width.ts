/**
 * The cards' width (spec 3 §2.2, §9): four presets and a slider from 250 to 768 px in steps of 2,
 * extra large by default; the width chosen is saved in the browser and restored.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type CardSize = 'small' | 'medium' | 'large' | 'extra_large';

export const CARD_WIDTHS: Record<CardSize, number> = {
  small: 198,
  medium: 258,
  large: 356,
  extra_large: 554,
};

export const CARD_SIZE_LABELS: Record<CardSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  extra_large: 'Extra large',
};

export const CARD_WIDTH_MIN = 250;
export const CARD_WIDTH_MAX = 768;
export const CARD_WIDTH_STEP = 2;
export const DEFAULT_CARD_WIDTH = CARD_WIDTHS.extra_large;

export const CARD_WIDTH_STORAGE_KEY = 'topology.cardWidth';

/** Below this width a card stacks its properties above its children instead of beside them. */
export const NARROW_CARD_BELOW = CARD_WIDTHS.large;

/**
 * A card width from a size name or a number of pixels (the public view's `size` parameter);
 * undefined for anything else. Widths outside what a card can show are brought back in.
 */
export function parseCardWidth(value: string | null | undefined): number | undefined {
  const text = (value ?? '').trim().replace(/px$/, '');
  if (text in CARD_WIDTHS) return CARD_WIDTHS[text as CardSize];
  if (text === 'extra-large') return CARD_WIDTHS.extra_large;
  const width = Number(text);
  if (text === '' || !Number.isFinite(width)) return undefined;
  return Math.min(Math.max(Math.round(width), CARD_WIDTHS.small), CARD_WIDTH_MAX);
}

const listeners = new Set<() => void>();
/** The width of this page's life when the browser refuses storage (private mode). */
let unsavedWidth = DEFAULT_CARD_WIDTH;

function readWidth(): number {
  try {
    return parseCardWidth(localStorage.getItem(CARD_WIDTH_STORAGE_KEY)) ?? DEFAULT_CARD_WIDTH;
  } catch {
    return unsavedWidth;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CARD_WIDTH_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved card width, and the setter that saves a new one. */
export function useCardWidth(): [number, (width: number) => void] {
  const width = useSyncExternalStore(subscribe, readWidth, () => DEFAULT_CARD_WIDTH);
  const setWidth = useCallback((next: number) => {
    unsavedWidth = Math.round(next);
    try {
      localStorage.setItem(CARD_WIDTH_STORAGE_KEY, String(unsavedWidth));
    } catch {
      // Storage refused: the width lasts until the page reloads.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [width, setWidth];
}
