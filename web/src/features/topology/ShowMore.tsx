import { useState, type ReactNode } from 'react';
import { Button } from '@patternfly/react-core';

/** Spec 3 §9: a card's lists show this many items before "show more"... */
export const PROPERTIES_SHOWN = 6;
export const CHILD_ITEMS_SHOWN = 5;
/** ...and scroll within this height once opened. */
export const SHOW_MORE_MAX_HEIGHT_PX = 200;

interface ShowMoreProps {
  items: { key: string; node: ReactNode }[];
  /** How many items show before "show more". */
  shown: number;
  /** Names the list for screen readers. */
  label: string;
  className?: string;
}

/**
 * A card's list: its first `shown` items and a "show more" button; opened, all of them, scrolling
 * within 200 px.
 */
export function ShowMore({ items, shown, label, className }: ShowMoreProps) {
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  const hidden = items.length - shown;
  const visible = open || hidden <= 0 ? items : items.slice(0, shown);
  return (
    <div
      className={className}
      style={{ maxHeight: SHOW_MORE_MAX_HEIGHT_PX, overflowY: open ? 'auto' : 'hidden' }}
    >
      <ul className="ops-topology-card__list" aria-label={label}>
        {visible.map((item) => (
          <li key={item.key}>{item.node}</li>
        ))}
      </ul>
      {!open && hidden > 0 && (
        <Button variant="link" isInline size="sm" onClick={() => setOpen(true)}>
          show more ({hidden})
        </Button>
      )}
    </div>
  );
}
