import { useState } from 'react';
import { DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { OutlinedClockIcon } from '@patternfly/react-icons';
import { OnDemandDropdown } from '../../components/OnDemand/index.js';
import { REFRESH_RATE_OPTIONS, type RefreshRateOption } from './refresh-rate.js';

export interface RefreshRateMenuProps {
  value: RefreshRateOption;
  disabled: ReadonlySet<string>;
  onChange: (value: string) => void;
}

/** How often the dashboard reloads; rates too frequent for the time range are disabled. */
export function RefreshRateMenu({ value, disabled, onChange }: RefreshRateMenuProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <OnDemandDropdown
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelect={(_event, selected) => {
        setOpen(false);
        if (typeof selected === 'string') onChange(selected);
      }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plainText"
          icon={<OutlinedClockIcon />}
          aria-label={`Refresh rate: ${value.label}`}
          isExpanded={isOpen}
          onClick={() => setOpen(!isOpen)}
        >
          {value.label}
        </MenuToggle>
      )}
    >
      <DropdownList aria-label="Refresh rate">
        {REFRESH_RATE_OPTIONS.map((option) => (
          <DropdownItem
            key={option.value || 'none'}
            value={option.value}
            isSelected={option.value === value.value}
            isDisabled={disabled.has(option.value)}
          >
            {option.label}
          </DropdownItem>
        ))}
      </DropdownList>
    </OnDemandDropdown>
  );
}
