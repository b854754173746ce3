import { useState, type KeyboardEvent } from 'react';

export interface TypeaheadKeysOptions {
  /** How many options the list shows now. */
  count: number;
  isOpen: boolean;
  open: () => void;
  close: () => void;
  /** Picks the option at this index. */
  pick: (index: number) => void;
}

/**
 * The keyboard of a PatternFly typeahead select's search box: the arrows move through the options
 * (opening the list), Enter picks the focused one and never submits the surrounding form, Escape
 * closes the list and not the dialog around it.
 */
export function useTypeaheadKeys({ count, isOpen, open, close, pick }: TypeaheadKeysOptions) {
  const [focused, setFocused] = useState<number>();

  const moveFocus = (step: 1 | -1) => {
    open();
    if (count === 0) return;
    const start = focused ?? (step === 1 ? -1 : count);
    setFocused((start + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveFocus(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        event.preventDefault();
        if (isOpen && focused !== undefined && focused < count) pick(focused);
        else open();
        break;
      case 'Escape':
        if (isOpen) {
          event.stopPropagation();
          close();
        }
        break;
    }
  };

  return { focused, setFocused, onKeyDown };
}
