import { useId, useMemo, useRef, useState } from 'react';
import {
  Button,
  Label,
  LabelGroup,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
} from '@patternfly/react-core';
import { TimesIcon } from '@patternfly/react-icons';
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
    <Select
      isOpen={isOpen}
      selected={selected}
      onSelect={(_event, value) => typeof value === 'string' && toggle(value)}
      onOpenChange={(open) => (open ? setOpen(true) : close())}
      variant="typeahead"
      toggle={(toggleRef) => (
        <MenuToggle
          ref={toggleRef}
          variant="typeahead"
          isFullWidth
          isExpanded={isOpen}
          isDisabled={isDisabled}
          aria-label={`${label} menu toggle`}
          onClick={() => {
            setOpen(!isOpen);
            inputRef.current?.focus();
          }}
        >
          <TextInputGroup isPlain>
            <TextInputGroupMain
              value={text}
              onChange={(_event, value) => {
                setText(value);
                setFocused(undefined);
                setOpen(true);
              }}
              onClick={() => setOpen(!isOpen)}
              onKeyDown={onKeyDown}
              innerRef={inputRef}
              placeholder={placeholder}
              autoComplete="off"
              role="combobox"
              isExpanded={isOpen}
              aria-controls={listId}
              aria-label={label}
              {...(focusedPerson && { 'aria-activedescendant': optionId(focusedPerson.id) })}
            >
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
            </TextInputGroupMain>
            {(selected.length > 0 || text !== '') && (
              <TextInputGroupUtilities>
                <Button variant="plain" onClick={clear} aria-label="Clear selection" icon={<TimesIcon />} />
              </TextInputGroupUtilities>
            )}
          </TextInputGroup>
        </MenuToggle>
      )}
    >
      <SelectList isAriaMultiselectable id={listId} aria-label={label}>
        {shown.length === 0 ? (
          <SelectOption isAriaDisabled value={undefined}>
            {text.trim() ? `No results found for "${text.trim()}"` : 'No people to add'}
          </SelectOption>
        ) : (
          shown.map((person, index) => (
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
          ))
        )}
      </SelectList>
    </Select>
  );
}
