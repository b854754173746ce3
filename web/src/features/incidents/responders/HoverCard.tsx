import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Popover } from '@patternfly/react-core';

/** Spec 2 §9: a hover card opens, and closes, 1 s after the pointer (or focus) comes or goes. */
export const HOVER_CARD_DELAY_MS = 1000;

/**
 * A card about what is under the pointer, opened 1 s after the pointer or the keyboard's focus
 * arrives and closed 1 s after it leaves; a pointer passing over it does not open it. Escape
 * closes it at once.
 */
export function HoverCard({
  label,
  card,
  children,
}: {
  label: string;
  card: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const later = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), HOVER_CARD_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <>
      <span
        ref={trigger}
        tabIndex={0}
        aria-label={label}
        className="ops-responder-hover"
        onMouseEnter={() => later(true)}
        onMouseLeave={() => later(false)}
        onFocus={() => later(true)}
        onBlur={() => later(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            clearTimeout(timer.current);
            setOpen(false);
          }
        }}
      >
        {children}
      </span>
      <Popover
        triggerRef={trigger}
        isVisible={open}
        shouldClose={() => setOpen(false)}
        aria-label={label}
        bodyContent={card}
        showClose={false}
        withFocusTrap={false}
      />
    </>
  );
}
