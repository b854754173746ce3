import { useMemo } from 'react';
import { Label, LabelGroup, SelectOption } from '@patternfly/react-core';
import { TypeaheadSelect, useTypeahead } from '../../components/Typeahead/index.js';
import { NOTIFICATION_EVENTS } from './notification-options.js';

/** The list stays inside the dialog the field is in (see TypeaheadSelect's popperProps). */
const INLINE = { appendTo: 'inline' } as const;

export interface EventsSelectProps {
  selected: string[];
  onChange: (selected: string[]) => void;
  inputId?: string;
  describedBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
}

/**
 * The events a rule fires on: a typeahead multi select over the platform's events (type to
 * filter, pick with the mouse or arrows and Enter); the picks show as removable labels.
 */
export function EventsSelect({
  selected,
  onChange,
  inputId,
  describedBy,
  isInvalid,
  isDisabled = false,
}: EventsSelectProps) {
  const typeahead = useTypeahead({ keepTextOnClose: true });
  const { focused, optionId } = typeahead;
  const text = typeahead.typed ?? '';
  const shown = useMemo(
    () => NOTIFICATION_EVENTS.filter((event) => event.includes(text.trim().toLowerCase())),
    [text],
  );
  const focusedEvent = focused === undefined ? undefined : shown[focused];

  const toggle = (event: string) => {
    onChange(selected.includes(event) ? selected.filter((e) => e !== event) : [...selected, event]);
    typeahead.focusInput();
  };

  return (
    <TypeaheadSelect
      {...typeahead.selectProps(shown.length, (index) => toggle(shown[index]!))}
      label="Events"
      inputId={inputId}
      describedBy={describedBy}
      isInvalid={isInvalid}
      selected={selected}
      onSelect={toggle}
      text={text}
      activeDescendant={focusedEvent && optionId(focusedEvent)}
      placeholder="Select events"
      isDisabled={isDisabled}
      isMultiselectable
      isScrollable
      popperProps={INLINE}
      showClear={!isDisabled && (selected.length > 0 || text !== '')}
      onClear={() => {
        typeahead.reset();
        onChange([]);
      }}
      clearLabel="Clear events"
      chips={
        <LabelGroup aria-label="Selected events" numLabels={4}>
          {selected.map((event) => (
            <Label
              key={event}
              variant="outline"
              onClose={
                isDisabled
                  ? undefined
                  : (clicked) => {
                      clicked.stopPropagation();
                      toggle(event);
                    }
              }
            >
              {event}
            </Label>
          ))}
        </LabelGroup>
      }
      status={shown.length === 0 ? `No results found for "${text.trim()}"` : undefined}
    >
      {shown.map((event, index) => (
        <SelectOption
          key={event}
          id={optionId(event)}
          value={event}
          isFocused={index === focused}
          isSelected={selected.includes(event)}
        >
          {event}
        </SelectOption>
      ))}
    </TypeaheadSelect>
  );
}
