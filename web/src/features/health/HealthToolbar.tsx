import { memo, useEffect, useId, useState } from 'react';
import {
  Button,
  FormSelect,
  FormSelectOption,
  SearchInput,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { FilterIcon, TableIcon, ThLargeIcon } from '@patternfly/react-icons';
import { TIME_RANGE_OPTIONS } from '../../lib/time-range/index.js';
import type { Choice } from './check-grouping.js';
import type { Layout } from './health-params.js';

export const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';
/** Spec 1 §5: the health page's search waits 400 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface HealthToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  timeRange: string;
  onTimeRangeChange: (timeRange: string) => void;
  groupBy: string;
  groupByChoices: Choice[];
  onGroupByChange: (groupBy: string) => void;
  tabBy: string;
  tabByChoices: Choice[];
  onTabByChange: (tabBy: string) => void;
  layout: Layout;
  onLayoutChange: (layout: Layout) => void;
  isFilterOpen: boolean;
  onFilterToggle: () => void;
}

/** Filters button, search, time range, Group By, Tab By and the table/card layout switch. */
export const HealthToolbar = memo(function HealthToolbar(props: HealthToolbarProps) {
  return (
    <Toolbar className="ops-health-toolbar">
      <ToolbarContent>
        <ToolbarItem>
          <Button
            variant="plain"
            icon={<FilterIcon />}
            aria-label={props.isFilterOpen ? 'Hide filters' : 'Show filters'}
            aria-expanded={props.isFilterOpen}
            aria-controls="health-filters"
            onClick={props.onFilterToggle}
          />
        </ToolbarItem>
        <ToolbarItem>
          <CheckSearch value={props.query} onChange={props.onQueryChange} />
        </ToolbarItem>
        <ToolbarItem>
          <LabeledSelect
            label="Time Range"
            value={props.timeRange}
            choices={TIME_RANGE_CHOICES}
            onChange={props.onTimeRangeChange}
          />
        </ToolbarItem>
        <ToolbarItem>
          <LabeledSelect
            label="Group By"
            value={props.groupBy}
            choices={props.groupByChoices}
            onChange={props.onGroupByChange}
          />
        </ToolbarItem>
        <ToolbarItem>
          <LabeledSelect
            label="Tab By"
            value={props.tabBy}
            choices={props.tabByChoices}
            onChange={props.onTabByChange}
          />
        </ToolbarItem>
        <ToolbarItem>
          <ToggleGroup aria-label="Layout">
            <ToggleGroupItem
              icon={<TableIcon />}
              text="Table"
              isSelected={props.layout === 'table'}
              onChange={() => props.onLayoutChange('table')}
            />
            <ToggleGroupItem
              icon={<ThLargeIcon />}
              text="Cards"
              isSelected={props.layout === 'card'}
              onChange={() => props.onLayoutChange('card')}
            />
          </ToggleGroup>
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
});

const TIME_RANGE_CHOICES: Choice[] = TIME_RANGE_OPTIONS.map(({ value, label }) => ({ value, label }));

interface LabeledSelectProps {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
}

function LabeledSelect({ label, value, choices, onChange }: LabeledSelectProps) {
  const id = useId();
  // A value from a shared link that the current checks do not offer stays visible and chosen.
  const options = choices.some((choice) => choice.value === value)
    ? choices
    : [...choices, { value, label: value.replace(/^label:/, '') }];
  return (
    <span className="ops-health-select">
      <label htmlFor={id}>{label}</label>
      <FormSelect id={id} value={value} onChange={(_event, next) => onChange(next)}>
        {options.map((choice) => (
          <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </FormSelect>
    </span>
  );
}

/** Types freely; the search applies once typing pauses for SEARCH_DEBOUNCE_MS. */
function CheckSearch({ value, onChange }: { value: string; onChange: (query: string) => void }) {
  const [text, setText] = useState(value);
  // A change from elsewhere (back button, a link) shows in the box.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <SearchInput
      className="ops-health-search"
      placeholder={SEARCH_PLACEHOLDER}
      aria-label="Search checks"
      value={text}
      onChange={(_event, next) => setText(next)}
      onClear={() => {
        setText('');
        onChange('');
      }}
    />
  );
}
