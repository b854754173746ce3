import { useId, useRef, useState } from 'react';
import { SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect } from '../../components/Typeahead/index.js';
import { useTypeaheadKeys } from '../../lib/use-typeahead-keys.js';
import { PEOPLE_SEARCH_DEBOUNCE_MS, PICKER_LIMIT, usePeople } from './people-api.js';
import type { PersonRef } from './types.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';

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
    <TypeaheadSelect
      label={label}
      isOpen={isOpen}
      open={() => setOpen(true)}
      close={close}
      selected={selectedId || NOBODY}
      onSelect={choose}
      text={shownText}
      onTextChange={(next) => {
        setTyped(next);
        setFocused(undefined);
        setOpen(true);
      }}
      onKeyDown={onKeyDown}
      inputRef={inputRef}
      listId={listId}
      activeDescendant={focusedValue === undefined ? undefined : optionId(focusedValue)}
      placeholder={noneLabel}
      isDisabled={isDisabled}
      isScrollable
      showClear={shownText !== '' && !isDisabled}
      onClear={clear}
      status={status}
    >
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
    </TypeaheadSelect>
  );
}
