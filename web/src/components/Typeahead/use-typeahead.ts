import { useId, useRef, useState, type KeyboardEvent } from 'react';

export interface UseTypeaheadOptions {
  /** Whether closing the list keeps what was typed (a multi select); it is forgotten unless told. */
  keepTextOnClose?: boolean;
}

/**
 * The state of a typeahead select: open or not, the text typed since the last choice (null
 * while nothing is: the box shows the choice), the option the arrows are on, and the ids the
 * search box and its list refer to each other by. `selectProps(count, pick)` goes to
 * TypeaheadSelect with the keyboard of its search box: the arrows move through the options
 * (opening the list), Enter picks the focused one and never submits the surrounding form, Escape
 * closes the list and not the dialog around it.
 */
export function useTypeahead({ keepTextOnClose = false }: UseTypeaheadOptions = {}) {
  const idPrefix = useId();
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const [focused, setFocused] = useState<number>();
  const inputRef = useRef<HTMLInputElement>(null);

  const open = () => setOpen(true);
  const close = () => {
    setOpen(false);
    setFocused(undefined);
    if (!keepTextOnClose) setTyped(null);
  };

  const keyDown =
    (count: number, pick: (index: number) => void) => (event: KeyboardEvent<HTMLInputElement>) => {
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          event.preventDefault();
          open();
          if (count === 0) return;
          const step = event.key === 'ArrowDown' ? 1 : -1;
          const start = focused ?? (step === 1 ? -1 : count);
          setFocused((start + step + count) % count);
          break;
        }
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

  return {
    isOpen,
    typed,
    focused,
    close,
    focusInput: () => inputRef.current?.focus(),
    /** Forgets the typed text and the arrows' place; the search box keeps the focus. */
    reset: () => {
      setTyped(null);
      setFocused(undefined);
      inputRef.current?.focus();
    },
    optionId: (key: string) => `${idPrefix}-option-${key.replace(/[^a-zA-Z0-9_-]/g, '_')}`,
    /** For TypeaheadSelect, over `count` options of which Enter picks the focused one with `pick`. */
    selectProps: (count: number, pick: (index: number) => void) => ({
      isOpen,
      open,
      close,
      onTextChange: (text: string) => {
        setTyped(text);
        setFocused(undefined);
        setOpen(true);
      },
      onKeyDown: keyDown(count, pick),
      inputRef,
      listId: `${idPrefix}-list`,
    }),
  };
}
