import { useId, useMemo, useRef, useState } from 'react';
import { Label, LabelGroup, SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect } from '../../../components/Typeahead/index.js';
import { useTypeaheadKeys } from '../../../lib/use-typeahead-keys.js';
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
  const idPrefix = useId();
  const listId = `${idPrefix}-list`;
  const optionId = (personId: string) => `${idPrefix}-option-${personId}`;
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const shown = useMemo(() => people.filter((person) => matches(person, text.trim())), [people, text]);
  const byId = useMemo(() => new Map(people.map((person) => [person.id, person])), [people]);

  const close = () => {
    setOpen(false);
    setFocused(undefined);
  };

  const toggle = (personId: string) => {
    onChange(
      selected.includes(personId) ? selected.filter((id) => id !== personId) : [...selected, personId],
    );
    inputRef.current?.focus();
  };

  const { focused, setFocused, onKeyDown } = useTypeaheadKeys({
    count: shown.length,
    isOpen,
    open: () => setOpen(true),
    close,
    pick: (index) => toggle(shown[index]!.id),
  });
  const focusedPerson = focused === undefined ? undefined : shown[focused];

  const clear = () => {
    setText('');
    onChange([]);
    setFocused(undefined);
    inputRef.current?.focus();
  };

  return (
    <TypeaheadSelect
      label={label}
      isOpen={isOpen}
      open={() => setOpen(true)}
      close={close}
      selected={selected}
      onSelect={toggle}
      text={text}
      onTextChange={(value) => {
        setText(value);
        setFocused(undefined);
        setOpen(true);
      }}
      onKeyDown={onKeyDown}
      inputRef={inputRef}
      listId={listId}
      activeDescendant={focusedPerson && optionId(focusedPerson.id)}
      placeholder={placeholder}
      isDisabled={isDisabled}
      isMultiselectable
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
