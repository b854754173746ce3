import { useMemo } from 'react';
import { Label, LabelGroup, SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect, useTypeahead } from '../../../components/Typeahead/index.js';
import type { Person } from './teams-api.js';

export interface PeopleMultiSelectProps {
  people: Person[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Accessible name of the search box. */
  label: string;
  placeholder?: string;
  isDisabled?: boolean;
}

/** The list stays inside the dialog the field is in (see TypeaheadSelect's popperProps). */
const INLINE = { appendTo: 'inline' } as const;

const matches = (person: Person, text: string) =>
  `${person.name} ${person.email ?? ''}`.toLowerCase().includes(text.toLowerCase());

/**
 * PatternFly's typeahead multi select for people: type to filter by name or email, pick with the
 * mouse or arrows and Enter; the picks show as removable labels.
 */
export function PeopleMultiSelect({
  people,
  selected,
  onChange,
  label,
  placeholder = 'Search people',
  isDisabled = false,
}: PeopleMultiSelectProps) {
  const typeahead = useTypeahead({ keepTextOnClose: true });
  const { focused, optionId } = typeahead;
  const text = typeahead.typed ?? '';

  const shown = useMemo(() => people.filter((person) => matches(person, text.trim())), [people, text]);
  const byId = useMemo(() => new Map(people.map((person) => [person.id, person])), [people]);
  const focusedPerson = focused === undefined ? undefined : shown[focused];

  const toggle = (personId: string) => {
    onChange(
      selected.includes(personId) ? selected.filter((id) => id !== personId) : [...selected, personId],
    );
    typeahead.focusInput();
  };

  const clear = () => {
    typeahead.reset();
    onChange([]);
  };

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(shown.length, (index) => toggle(shown[index]!.id))}
      label={label}
      selected={selected}
      onSelect={toggle}
      text={text}
      activeDescendant={focusedPerson && optionId(focusedPerson.id)}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isMultiselectable
      popperProps={INLINE}
      showClear={selected.length > 0 || text !== ''}
      onClear={clear}
      clearLabel="Clear selection"
      chips={
        <LabelGroup aria-label="Selected people" numLabels={5}>
          {selected.map((personId) => (
            <Label
              key={personId}
              variant="outline"
              onClose={(event) => {
                event.stopPropagation();
                toggle(personId);
              }}
            >
              {byId.get(personId)?.name ?? personId}
            </Label>
          ))}
        </LabelGroup>
      }
      status={
        shown.length === 0
          ? text.trim()
            ? `No results found for "${text.trim()}"`
            : 'No people to add'
          : undefined
      }
    >
      {shown.map((person, index) => (
        <SelectOption
          key={person.id}
          id={optionId(person.id)}
          value={person.id}
          description={person.email ?? undefined}
          isFocused={index === focused}
          isSelected={selected.includes(person.id)}
        >
          {person.name}
        </SelectOption>
      ))}
    </TypeaheadSelect>
  );
}
