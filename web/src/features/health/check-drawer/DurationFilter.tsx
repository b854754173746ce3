import { useState, type KeyboardEvent } from 'react';
import {
  HelperText,
  HelperTextItem,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
} from '@patternfly/react-core';
import { durationError } from '../../../lib/format.js';
import { DURATION_PRESETS } from './history-query.js';

export interface DurationFilterProps {
  /** The applied minimum duration; '' for All. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The History tab's Duration filter: All, the presets, or a value typed in ms or s (Enter applies
 * it). Any other unit shows spec 1 §5's message and is not applied.
 */
export function DurationFilter({ value, onChange }: DurationFilterProps) {
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const error = durationError(text);
  const typed = text.trim();
  const isCustom = typed !== '' && !error && !DURATION_PRESETS.includes(typed);

  const apply = (next: string) => {
    if (durationError(next)) return;
    setText(next.trim());
    setOpen(false);
    if (next.trim() !== value) onChange(next.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply(text);
    } else if (event.key === 'Escape' && isOpen) {
      // Close the list only: Escape must not also close the drawer around it.
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div>
      <Select
        isOpen={isOpen}
        selected={value}
        onSelect={(_event, selection) => apply(String(selection ?? ''))}
        onOpenChange={setOpen}
        toggle={(ref) => (
          <MenuToggle ref={ref} variant="typeahead" isExpanded={isOpen} onClick={() => setOpen(!isOpen)}>
            <TextInputGroup isPlain>
              <TextInputGroupMain
                value={text}
                placeholder="All"
                aria-label="Duration"
                onClick={() => setOpen(true)}
                onChange={(_event, next) => {
                  setText(next);
                  setOpen(true);
                }}
                onKeyDown={onKeyDown}
                onBlur={() => {
                  if (!error && typed !== value) apply(text);
                }}
                isExpanded={isOpen}
                role="combobox"
                autoComplete="off"
              />
            </TextInputGroup>
          </MenuToggle>
        )}
      >
        <SelectList>
          <SelectOption value="">All</SelectOption>
          {DURATION_PRESETS.map((preset) => (
            <SelectOption key={preset} value={preset}>
              {preset}
            </SelectOption>
          ))}
          {isCustom && <SelectOption value={typed}>{`Use "${typed}"`}</SelectOption>}
        </SelectList>
      </Select>
      {error && (
        <HelperText>
          <HelperTextItem variant="error">{error}</HelperTextItem>
        </HelperText>
      )}
    </div>
  );
}
