import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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
  const [focused, setFocused] = useState<number>();
  const inputRef = useRef<HTMLInputElement>(null);

  const shown = useMemo(() => people.filter((person) => matches(person, text.trim())), [people, text]);
  const byId = useMemo(() => new Map(people.map((person) => [person.id, person])), [people]);
  const focusedPerson = focused === undefined ? undefined : shown[focused];

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

  const moveFocus = (step: 1 | -1) => {
    setOpen(true);
    if (shown.length === 0) return;
    const start = focused ?? (step === 1 ? -1 : shown.length);
    setFocused((start + step + shown.length) % shown.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveFocus(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        // Enter picks; it never submits the surrounding form.
        event.preventDefault();
        if (isOpen && focusedPerson) toggle(focusedPerson.id);
        else setOpen(true);
        break;
      case 'Escape':
        if (isOpen) {
          // Closes the list, not the dialog around it.
          event.stopPropagation();
          close();
        }
        break;
    }
  };

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
