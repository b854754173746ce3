import { useId, useRef, useState } from 'react';
import {
  Button,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
} from '@patternfly/react-core';
import { TimesIcon } from '@patternfly/react-icons';
import { useTypeaheadKeys } from '../../lib/use-typeahead-keys.js';
import { PEOPLE_SEARCH_DEBOUNCE_MS, PICKER_LIMIT, usePeople } from './people-api.js';
import type { PersonRef } from './types.js';
import { useDebouncedValue } from './use-debounced-value.js';

export interface PersonTypeaheadProps {
  /** Accessible name of the search box: 'Owner', 'Commander'. */
  label: string;
  /** The chosen person's id; null or undefined when nobody is chosen. */
  selectedId: string | null | undefined;
  /** The chosen person's name, when the caller knows it. */
  selectedName?: string;
  /** The choice of nobody ('All owners', 'None'), also shown while nobody is chosen. */
  noneLabel: string;
  /** Called with the person chosen, or null for nobody; not called when the choice stays the same. */
  onChange: (person: PersonRef | null) => void;
  isDisabled?: boolean;
}

/** The value of the 'nobody' option; person ids are never empty. */
const NOBODY = '';

/**
 * PatternFly's single typeahead select over the server's people search: typing asks the server for
 * the people whose name holds the text (an organisation has more people than one answer holds),
 * the first option chooses nobody. Pick with the mouse or the arrows and Enter.
 */
export function PersonTypeahead({
  label,
  selectedId,
  selectedName,
  noneLabel,
  onChange,
  isDisabled = false,
}: PersonTypeaheadProps) {
  const idPrefix = useId();
  const listId = `${idPrefix}-list`;
  const optionId = (value: string) => `${idPrefix}-option-${value || 'nobody'}`;
  const [isOpen, setOpen] = useState(false);
  // What the user typed since the last choice; null shows the chosen person.
  const [typed, setTyped] = useState<string | null>(null);
  // The person last chosen here, named until the caller knows the name.
  const [picked, setPicked] = useState<PersonRef | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const query = useDebouncedValue((typed ?? '').trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const people = usePeople(isOpen ? query : null, PICKER_LIMIT);
  const found = people.data ?? [];

  const chosenName = selectedId
    ? (selectedName ??
      (picked?.id === selectedId ? picked.name : undefined) ??
      found.find((person) => person.id === selectedId)?.name ??
      selectedId)
    : '';
  const values = [NOBODY, ...found.map((person) => person.id)];

  const close = () => {
    setOpen(false);
    setFocused(undefined);
    setTyped(null);
  };

  const choose = (value: string) => {
    const person = found.find((candidate) => candidate.id === value) ?? null;
    setPicked(person);
    close();
    if ((person?.id ?? null) !== (selectedId || null)) onChange(person);
    inputRef.current?.focus();
  };

  const { focused, setFocused, onKeyDown } = useTypeaheadKeys({
    count: values.length,
    isOpen,
    open: () => setOpen(true),
    close,
    pick: (index) => choose(values[index]!),
  });
  const focusedValue = focused === undefined ? undefined : values[focused];

  const clear = () => {
    setTyped(null);
    setFocused(undefined);
    if (selectedId) {
      setPicked(null);
      onChange(null);
    }
    inputRef.current?.focus();
  };

  const shownText = typed ?? chosenName;
  const searched = query !== '';
  let status: string | undefined;
  if (people.error) status = people.error.message;
  else if (!people.data) status = 'Loading...';
  else if (found.length === 0) status = searched ? `No results found for "${query}"` : 'No people found';

  return (
    <Select
      isOpen={isOpen}
      selected={selectedId || NOBODY}
      onSelect={(_event, value) => typeof value === 'string' && choose(value)}
      onOpenChange={(open) => (open ? setOpen(true) : close())}
      variant="typeahead"
      isScrollable
      toggle={(toggleRef) => (
        <MenuToggle
          ref={toggleRef}
          variant="typeahead"
          isFullWidth
          isExpanded={isOpen}
          isDisabled={isDisabled}
          aria-label={`${label} menu toggle`}
          onClick={() => {
            if (isOpen) close();
            else setOpen(true);
            inputRef.current?.focus();
          }}
        >
          <TextInputGroup isPlain isDisabled={isDisabled}>
            <TextInputGroupMain
              value={shownText}
              onChange={(_event, value) => {
                setTyped(value);
                setFocused(undefined);
                setOpen(true);
              }}
              onClick={() => (isOpen ? close() : setOpen(true))}
              onKeyDown={onKeyDown}
              innerRef={inputRef}
              placeholder={noneLabel}
              autoComplete="off"
              role="combobox"
              isExpanded={isOpen}
              aria-controls={listId}
              aria-label={label}
              {...(focusedValue !== undefined && { 'aria-activedescendant': optionId(focusedValue) })}
            />
            {shownText !== '' && !isDisabled && (
              <TextInputGroupUtilities>
                <Button variant="plain" onClick={clear} aria-label={`Clear ${label}`} icon={<TimesIcon />} />
              </TextInputGroupUtilities>
            )}
          </TextInputGroup>
        </MenuToggle>
      )}
    >
      <SelectList id={listId} aria-label={label}>
        <SelectOption
          id={optionId(NOBODY)}
          value={NOBODY}
          isFocused={focusedValue === NOBODY}
          isSelected={!selectedId}
        >
          {noneLabel}
        </SelectOption>
        {found.map((person) => (
          <SelectOption
            key={person.id}
            id={optionId(person.id)}
            value={person.id}
            isFocused={focusedValue === person.id}
            isSelected={person.id === selectedId}
          >
            {person.name}
          </SelectOption>
        ))}
        {status && (
          <SelectOption isAriaDisabled value={undefined}>
            {status}
          </SelectOption>
        )}
      </SelectList>
    </Select>
  );
}
