import { useState, type ReactNode } from 'react';
import { Button } from '@patternfly/react-core';

/** Spec 2 §2: a list longer than 6 shows its first 5 and a way to show the rest, 200px high at most. */
export const SHOW_MORE_OVER = 6;
export const SHOWN_BEFORE_MORE = 5;
export const SHOW_MORE_MAX_HEIGHT = '200px';

export function ShowMore<T>({
  items,
  children,
  noun,
}: {
  items: T[];
  children: (shown: T[]) => ReactNode;
  /** 'comments', 'evidences': names the button. */
  noun: string;
}) {
  const [all, setAll] = useState(false);
  const long = items.length > SHOW_MORE_OVER;
  const shown = long && !all ? items.slice(0, SHOWN_BEFORE_MORE) : items;
  return (
    <>
      {long ? (
        // Focusable so the keyboard can scroll it.
        <div tabIndex={0} style={{ maxHeight: SHOW_MORE_MAX_HEIGHT, overflowY: 'auto' }}>
          {children(shown)}
        </div>
      ) : (
        children(shown)
      )}
      {long && (
        <Button variant="link" isInline onClick={() => setAll(!all)}>
          {all ? 'Show less' : `Show ${items.length - SHOWN_BEFORE_MORE} more ${noun}`}
        </Button>
      )}
    </>
  );
}
