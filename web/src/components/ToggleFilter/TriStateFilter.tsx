import { useMemo, useState } from 'react';
import { Badge, MenuToggle, Popover, SearchInput, Spinner } from '@patternfly/react-core';
import { useFocusWhereClicked } from '../PopoverFocus/index.js';
import { summarizeToggles, ToggleFilterGroup, type Toggle } from './ToggleFilter.js';
import './TriStateFilter.css';

/** Included (1) and excluded (-1) values of a multi-value filter. */
export type TriState = Record<string, Toggle>;

export interface TriStateFilterProps {
  /** The filter's name: the button's text and the panel's title. */
  label: string;
  /** The values to choose from; chosen values missing from it are still listed. */
  options: readonly string[] | undefined;
  /** How a value reads (the value itself by default). */
  optionLabel?: (value: string) => string;
  isLoading?: boolean;
  value: TriState;
  onChange: (next: TriState) => void;
}

/**
 * A button with the count of chosen values, opening a panel where each value is included (+) or
 * excluded (−), with a search over long lists.
 */
export function TriStateFilter({
  label,
  options,
  optionLabel = (option) => option,
  isLoading = false,
  value,
  onChange,
}: TriStateFilterProps) {
  const [isOpen, setOpen] = useState(false);
  const focus = useFocusWhereClicked();
  const [search, setSearch] = useState('');
  const { selected } = summarizeToggles(value);

  const items = useMemo(() => {
    const all = [...new Set([...(options ?? []), ...Object.keys(value)])];
    const needle = search.trim().toLowerCase();
    return all
      .map((option) => ({ id: option, label: optionLabel(option) }))
      .filter((item) => !needle || item.label.toLowerCase().includes(needle));
  }, [options, optionLabel, value, search]);

  return (
    <Popover
      isVisible={isOpen}
      shouldOpen={() => setOpen(true)}
      shouldClose={() => setOpen(false)}
      onHidden={focus.onHidden}
      aria-label={`${label} filter`}
      hasAutoWidth
      minWidth="20rem"
      bodyContent={
        <div className="ops-tristate-filter">
          <SearchInput
            aria-label={`Search ${label.toLowerCase()}`}
            placeholder="Search"
            value={search}
            onChange={(_event, text) => setSearch(text)}
            onClear={() => setSearch('')}
          />
          {isLoading ? (
            <Spinner size="md" aria-label={`Loading ${label.toLowerCase()}`} />
          ) : (
            <ToggleFilterGroup
              title={label}
              headingLevel="h4"
              items={items}
              value={value}
              onChange={onChange}
            />
          )}
          {!isLoading && items.length === 0 && <div>No options found</div>}
        </div>
      }
    >
      <MenuToggle
        isExpanded={isOpen}
        aria-haspopup="dialog"
        badge={selected > 0 ? <Badge>{selected}</Badge> : undefined}
      >
        {label}
      </MenuToggle>
    </Popover>
  );
}
