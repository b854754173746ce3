import { useState } from 'react';
import { SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect, useTypeahead } from '../../components/Typeahead/index.js';
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
  const typeahead = useTypeahead();
  const { isOpen, typed, focused } = typeahead;
  const optionId = (value: string) => typeahead.optionId(value || 'nobody');
  // The person last chosen here, named until the caller knows the name.
  const [picked, setPicked] = useState<PersonRef | null>(null);

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
  const focusedValue = focused === undefined ? undefined : values[focused];

  const choose = (value: string) => {
    const person = found.find((candidate) => candidate.id === value) ?? null;
    setPicked(person);
    typeahead.close();
    if ((person?.id ?? null) !== (selectedId || null)) onChange(person);
    typeahead.focusInput();
  };

  const clear = () => {
    typeahead.reset();
    if (selectedId) {
      setPicked(null);
      onChange(null);
    }
  };

  const shownText = typed ?? chosenName;
  const searched = query !== '';
  let status: string | undefined;
  if (people.error) status = people.error.message;
  else if (!people.data) status = 'Loading...';
  else if (found.length === 0) status = searched ? `No results found for "${query}"` : 'No people found';

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(values.length, (index) => choose(values[index]!))}
      label={label}
      selected={selectedId || NOBODY}
      onSelect={choose}
      text={shownText}
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
