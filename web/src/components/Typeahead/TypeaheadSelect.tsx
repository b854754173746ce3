import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import {
  Button,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  type SelectProps,
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
} from '@patternfly/react-core';
import { TimesIcon } from '@patternfly/react-icons';

export interface TypeaheadSelectProps {
  /** The search box's accessible name; the toggle is '<label> menu toggle', the list is '<label>'. */
  label: string;
  isOpen: boolean;
  open: () => void;
  close: () => void;
  /** The option values shown as chosen. */
  selected: string | string[] | undefined;
  /** Called with the value of the option picked with the mouse. */
  onSelect: (value: string) => void;
  /** The search box's text. */
  text: string;
  onTextChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The list's id, which the search box controls. */
  listId: string;
  /** The id of the option the arrows are on. */
  activeDescendant?: string;
  inputId?: string;
  placeholder?: string;
  describedBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
  isScrollable?: boolean;
  isMultiselectable?: boolean;
  /** Shows the clear button, which calls onClear. */
  showClear: boolean;
  onClear: () => void;
  /** The clear button's accessible name; 'Clear <label>' unless told. */
  clearLabel?: string;
  /** What the search box shows before its text (the chosen items of a multi select). */
  chips?: ReactNode;
  /** The options. */
  children: ReactNode;
  /** A line after the options ('No options found', 'Loading...'), not pickable. */
  status?: string;
  /**
   * Where the list goes: `{ appendTo: 'inline' }` keeps it inside a dialog, whose updates would
   * otherwise hide a list appended to the body from screen readers.
   */
  popperProps?: SelectProps['popperProps'];
}

/**
 * PatternFly's typeahead select: a search box in a full-width toggle with a clear button, and the
 * list of options under it. The caller owns the search and the options; its state and keyboard
 * come from `useTypeahead`.
 */
export function TypeaheadSelect({
  label,
  isOpen,
  open,
  close,
  selected,
  onSelect,
  text,
  onTextChange,
  onKeyDown,
  inputRef,
  listId,
  activeDescendant,
  inputId,
  placeholder,
  describedBy,
  isInvalid = false,
  isDisabled = false,
  isScrollable = false,
  isMultiselectable = false,
  showClear,
  onClear,
  clearLabel = `Clear ${label}`,
  chips,
  children,
  status,
  popperProps,
}: TypeaheadSelectProps) {
  const toggleOpen = () => (isOpen ? close() : open());
  return (
    <Select
      isOpen={isOpen}
      selected={selected}
      onSelect={(_event, value) => typeof value === 'string' && onSelect(value)}
      onOpenChange={(next) => (next ? open() : close())}
      variant="typeahead"
      isScrollable={isScrollable}
      popperProps={popperProps}
      toggle={(toggleRef) => (
        <MenuToggle
          ref={toggleRef}
          variant="typeahead"
          isFullWidth
          isExpanded={isOpen}
          isDisabled={isDisabled}
          status={isInvalid ? 'danger' : undefined}
          aria-label={`${label} menu toggle`}
          onClick={() => {
            toggleOpen();
            inputRef.current?.focus();
          }}
        >
          <TextInputGroup isPlain isDisabled={isDisabled}>
            <TextInputGroupMain
              value={text}
              onChange={(_event, next) => onTextChange(next)}
              onClick={toggleOpen}
              onKeyDown={onKeyDown}
              innerRef={inputRef}
              inputId={inputId}
              placeholder={placeholder}
              autoComplete="off"
              role="combobox"
              isExpanded={isOpen}
              aria-controls={listId}
              aria-label={label}
              inputProps={{
                ...(describedBy && { 'aria-describedby': describedBy }),
                ...(isInvalid && { 'aria-invalid': true }),
              }}
              {...(activeDescendant && { 'aria-activedescendant': activeDescendant })}
            >
              {chips}
            </TextInputGroupMain>
            {showClear && (
              <TextInputGroupUtilities>
                <Button variant="plain" onClick={onClear} aria-label={clearLabel} icon={<TimesIcon />} />
              </TextInputGroupUtilities>
            )}
          </TextInputGroup>
        </MenuToggle>
      )}
    >
      <SelectList id={listId} aria-label={label} isAriaMultiselectable={isMultiselectable}>
        {children}
        {status && (
          <SelectOption isAriaDisabled value={undefined}>
            {status}
          </SelectOption>
        )}
      </SelectList>
    </Select>
  );
}
