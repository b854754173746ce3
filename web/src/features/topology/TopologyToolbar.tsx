import { useId } from 'react';
import {
  Button,
  Flex,
  FormSelect,
  FormSelectOption,
  Stack,
  StackItem,
  Switch,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import { OnDemandPopover } from '../../components/OnDemand/index.js';
import { CogIcon, SortAmountDownIcon, SortAmountUpIcon } from '@patternfly/react-icons';
import {
  CARD_SIZE_LABELS,
  CARD_WIDTH_MAX,
  CARD_WIDTH_MIN,
  CARD_WIDTH_STEP,
  CARD_WIDTHS,
  type CardSize,
} from './card-width.js';
import type { SortChoice, SortState } from './sorting.js';
import type { FilterChange, FilterParam, TopologyFilters } from './topology-params.js';

const ALL = '';

/** The filters whose choices are lists of names: label, URL parameter, and the list offered. */
const LIST_FILTERS = [
  ['Health', 'status', 'statuses'],
  ['Type', 'type', 'types'],
  ['Team', 'team', 'teams'],
  ['Labels', 'labels', 'labels'],
] as const satisfies readonly [string, FilterParam, keyof FilterChoices][];

export interface FilterChoices {
  statuses: string[];
  types: string[];
  teams: string[];
  /** `key=value`. */
  labels: string[];
  agents: { id: string; name: string }[];
}

/** The choices with the chosen value among them, even when the answer no longer holds it. */
const withChosen = (choices: readonly string[], chosen: string | undefined) =>
  chosen && !choices.includes(chosen) ? [chosen, ...choices] : [...choices];

function FilterSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string | undefined;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Flex
      alignItems={{ default: 'alignItemsCenter' }}
      flexWrap={{ default: 'nowrap' }}
      spaceItems={{ default: 'spaceItemsSm' }}
    >
      <label
        htmlFor={id}
        className="ops-topology-toolbar-label pf-v6-u-font-size-sm pf-v6-u-text-color-subtle"
      >
        {label}:
      </label>
      <FormSelect
        id={id}
        value={value ?? ALL}
        onChange={(_event, next) => onChange(next)}
        style={{ maxWidth: '16rem' }}
      >
        <FormSelectOption value={ALL} label="All" />
        {choices.map((choice) => (
          <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </FormSelect>
    </Flex>
  );
}

const asChoices = (values: string[]) => values.map((value) => ({ value, label: value }));

interface TopologyToolbarProps {
  filters: TopologyFilters;
  choices: FilterChoices;
  onFilterChange: (change: FilterChange) => void;
  sort: SortState;
  sortChoices: SortChoice[];
  onSortChange: (sort: SortState) => void;
  cardWidth: number;
  onCardWidthChange: (width: number) => void;
}

/** The dashboard's filters (written to the URL), its sort, and the preferences (card width, hidden, flatten). */
export function TopologyToolbar({
  filters,
  choices,
  onFilterChange,
  sort,
  sortChoices,
  onSortChange,
  cardWidth,
  onCardWidthChange,
}: TopologyToolbarProps) {
  const sliderId = useId();
  const sortId = useId();
  const set = (name: FilterParam) => (value: string) => onFilterChange({ [name]: value || undefined });
  const sorts = sortChoices.some((choice) => choice.value === sort.sortBy)
    ? sortChoices
    : [...sortChoices, { value: sort.sortBy, label: sort.sortBy.replace(/^field:/, '') }];
  const preset = (Object.keys(CARD_WIDTHS) as CardSize[]).find((size) => CARD_WIDTHS[size] === cardWidth);
  const descending = sort.sortOrder === 'desc';

  return (
    <Toolbar inset={{ default: 'insetNone' }} aria-label="Topology filters">
      <ToolbarContent>
        <ToolbarGroup
          variant="filter-group"
          style={{ flexWrap: 'wrap', rowGap: 'var(--pf-t--global--spacer--sm)' }}
        >
          {LIST_FILTERS.map(([label, param, listed]) => (
            <ToolbarItem key={param}>
              <FilterSelect
                label={label}
                value={filters[param]}
                choices={asChoices(withChosen(choices[listed], filters[param]))}
                onChange={set(param)}
              />
            </ToolbarItem>
          ))}
          <ToolbarItem>
            <FilterSelect
              label="Agent"
              value={filters.agent_id}
              choices={[
                ...(filters.agent_id && !choices.agents.some((a) => a.id === filters.agent_id)
                  ? [{ value: filters.agent_id, label: filters.agent_id }]
                  : []),
                ...choices.agents.map((agent) => ({ value: agent.id, label: agent.name })),
              ]}
              onChange={set('agent_id')}
            />
          </ToolbarItem>
        </ToolbarGroup>
        <ToolbarGroup align={{ default: 'alignEnd' }}>
          <ToolbarItem>
            <Flex
              alignItems={{ default: 'alignItemsCenter' }}
              flexWrap={{ default: 'nowrap' }}
              spaceItems={{ default: 'spaceItemsXs' }}
            >
              <label
                htmlFor={sortId}
                className="ops-topology-toolbar-label pf-v6-u-font-size-sm pf-v6-u-text-color-subtle"
              >
                Sort by:
              </label>
              <FormSelect
                id={sortId}
                value={sort.sortBy}
                onChange={(_event, sortBy) => onSortChange({ ...sort, sortBy })}
                style={{ maxWidth: '12rem' }}
              >
                {sorts.map((choice) => (
                  <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </FormSelect>
              <Button
                variant="plain"
                aria-label={
                  descending ? 'Sorted descending: sort ascending' : 'Sorted ascending: sort descending'
                }
                icon={descending ? <SortAmountDownIcon /> : <SortAmountUpIcon />}
                onClick={() => onSortChange({ ...sort, sortOrder: descending ? 'asc' : 'desc' })}
              />
            </Flex>
          </ToolbarItem>
          <ToolbarItem>
            <OnDemandPopover
              headerContent="Preferences"
              minWidth="22rem"
              bodyContent={
                <Stack hasGutter>
                  <StackItem>
                    <Switch
                      id="topology-show-hidden"
                      label="Show hidden components"
                      isChecked={filters.hidden}
                      onChange={(_event, hidden) => onFilterChange({ hidden })}
                    />
                  </StackItem>
                  <StackItem>
                    <Switch
                      id="topology-flatten"
                      label="Flatten (when a type is chosen)"
                      isChecked={filters.flatten}
                      isDisabled={!filters.type}
                      onChange={(_event, flatten) => onFilterChange({ flatten })}
                    />
                  </StackItem>
                  <StackItem>
                    <ToggleGroup aria-label="Card size" isCompact>
                      {(Object.keys(CARD_WIDTHS) as CardSize[]).map((size) => (
                        <ToggleGroupItem
                          key={size}
                          text={CARD_SIZE_LABELS[size]}
                          isSelected={preset === size}
                          onChange={() => onCardWidthChange(CARD_WIDTHS[size])}
                        />
                      ))}
                    </ToggleGroup>
                  </StackItem>
                  <StackItem>
                    <Flex alignItems={{ default: 'alignItemsCenter' }} flexWrap={{ default: 'nowrap' }}>
                      <label htmlFor={sliderId} className="pf-v6-u-font-size-sm">
                        Card width
                      </label>
                      <input
                        id={sliderId}
                        type="range"
                        min={CARD_WIDTH_MIN}
                        max={CARD_WIDTH_MAX}
                        step={CARD_WIDTH_STEP}
                        value={Math.min(Math.max(cardWidth, CARD_WIDTH_MIN), CARD_WIDTH_MAX)}
                        onChange={(event) => onCardWidthChange(Number(event.target.value))}
                        style={{ flex: 1 }}
                      />
                      <output htmlFor={sliderId} className="pf-v6-u-font-size-sm">
                        {cardWidth} px
                      </output>
                    </Flex>
                  </StackItem>
                </Stack>
              }
            >
              <Button variant="plain" aria-label="Preferences" icon={<CogIcon />} />
            </OnDemandPopover>
          </ToolbarItem>
        </ToolbarGroup>
      </ToolbarContent>
    </Toolbar>
  );
}
