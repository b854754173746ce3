import { useEffect, useState } from 'react';

/**
 * PatternFly's Popover gives focus back to its toggle when its content unmounts, after it has
 * closed, even when it closed because the person clicked into another field: what they type
 * next goes to the toggle. Give the Popover the returned `onHidden`: when the element that has
 * focus as the popover hides lies outside it (the field clicked), it gets focus back once the
 * content is gone. Closed with Escape, focus is still inside then, and goes to the toggle.
 */
export function useFocusWhereClicked(onHidden?: () => void): { onHidden: () => void } {
  const [refocus, setRefocus] = useState<HTMLElement>();
  // Set in the same batch as the content's removal: this effect runs in that commit, after the
  // unmount cleanup that focuses the toggle.
  useEffect(() => {
    if (!refocus) return;
    if (refocus.isConnected) refocus.focus({ preventScroll: true });
    setRefocus(undefined);
  }, [refocus]);
  return {
    onHidden: () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused !== document.body && !focused.closest('.pf-v6-c-popover'))
        setRefocus(focused);
      onHidden?.();
    },
  };
}
