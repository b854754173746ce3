import { useState } from 'react';
import { MenuToggle, Select, SelectList, SelectOption } from '@patternfly/react-core';

export interface MultiSelectFieldProps {
  id: string;
  label: string;
  options: readonly string[];
  selected: string[];
  onChange: (selected: string[]) => void;
  isDisabled: boolean;
  /** Shown when nothing is picked. */
  placeholder?: string;
}

/** A checkbox select (e.g. response codes): the toggle lists what is picked, in the options' order. */
export function MultiSelectField({
  id,
  label,
  options,
  selected,
  onChange,
  isDisabled,
  placeholder = 'None',
}: MultiSelectFieldProps) {
  const [isOpen, setOpen] = useState(false);
  const picked = options.filter((option) => selected.includes(option));

  const toggle = (option: string) =>
    onChange(
      selected.includes(option) ? selected.filter((value) => value !== option) : [...selected, option],
    );

  return (
    <Select
      role="menu"
      isOpen={isOpen}
      selected={selected}
      onSelect={(_event, value) => typeof value === 'string' && toggle(value)}
      onOpenChange={setOpen}
      toggle={(toggleRef) => (
        <MenuToggle
          ref={toggleRef}
          id={id}
          isFullWidth
          isExpanded={isOpen}
          isDisabled={isDisabled}
          aria-label={`${label}: ${picked.length > 0 ? picked.join(', ') : 'none'}`}
          onClick={() => setOpen(!isOpen)}
        >
          {picked.length > 0 ? picked.join(', ') : placeholder}
        </MenuToggle>
      )}
    >
      <SelectList aria-label={label}>
        {options.map((option) => (
          <SelectOption key={option} value={option} hasCheckbox isSelected={selected.includes(option)}>
            {option}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
