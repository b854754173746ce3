import { useId } from 'react';
import { Badge, Button, Flex, FlexItem, Label, List, ListItem, Title } from '@patternfly/react-core';
import { MinusIcon, PlusIcon } from '@patternfly/react-icons';
import { formatCount } from '../../lib/format.js';

/** Spec 1 §4 tri-state: 0 none, 1 include, -1 exclude. */
export type Toggle = 0 | 1 | -1;

/** From this many selected filters on, a group's header summarizes instead of listing them (spec 1 §2). */
export const TOGGLE_SUMMARY_THRESHOLD = 4;

/** Clicking the active state resets to 0, otherwise the clicked state becomes active. */
export function nextToggle(current: Toggle, clicked: 1 | -1): Toggle {
  return current === clicked ? 0 : clicked;
}

export interface ToggleSummary {
  selected: number;
  included: number;
  excluded: number;
}

export function summarizeToggles(value: Record<string, Toggle>): ToggleSummary {
  const states = Object.values(value);
  const included = states.filter((state) => state === 1).length;
  const excluded = states.filter((state) => state === -1).length;
  return { selected: included + excluded, included, excluded };
}

export interface ToggleFilterProps {
  label: string;
  value: Toggle;
  onChange: (next: Toggle) => void;
  count?: number;
}

const BUTTONS = [
  { state: 1, verb: 'Include', icon: <PlusIcon />, activeVariant: 'primary' },
  { state: -1, verb: 'Exclude', icon: <MinusIcon />, activeVariant: 'danger' },
] as const;

/** One filter row: the label, an optional count and include (+) / exclude (−) toggle buttons. */
export function ToggleFilter({ label, value, onChange, count }: ToggleFilterProps) {
  return (
    <Flex
      alignItems={{ default: 'alignItemsCenter' }}
      flexWrap={{ default: 'nowrap' }}
      gap={{ default: 'gapXs' }}
    >
      <FlexItem grow={{ default: 'grow' }} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </FlexItem>
      {count !== undefined && (
        <FlexItem>
          <Badge isRead>{formatCount(count)}</Badge>
        </FlexItem>
      )}
      {BUTTONS.map(({ state, verb, icon, activeVariant }) => (
        <FlexItem key={state}>
          <Button
            size="sm"
            variant={value === state ? activeVariant : 'plain'}
            icon={icon}
            aria-label={`${verb} ${label}`}
            aria-pressed={value === state}
            onClick={() => onChange(nextToggle(value, state))}
          />
        </FlexItem>
      ))}
    </Flex>
  );
}

export interface ToggleFilterItem {
  id: string;
  label: string;
  count?: number;
}

export interface ToggleFilterGroupProps {
  title: string;
  items: ToggleFilterItem[];
  value: Record<string, Toggle>;
  /** The new value; ids set back to 0 are left out, so it only holds selected filters. */
  onChange: (next: Record<string, Toggle>) => void;
  /** The title's level in the page's outline: one below the heading the group sits under. */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

function withToggle(value: Record<string, Toggle>, id: string, state: Toggle): Record<string, Toggle> {
  const next = { ...value, [id]: state };
  if (state === 0) delete next[id];
  return next;
}

/**
 * A titled list of ToggleFilters. The header lists the selected filters (each removable), or
 * from TOGGLE_SUMMARY_THRESHOLD on a summary such as '4 selected (3 included, 1 excluded)'.
 */
export function ToggleFilterGroup({
  title,
  items,
  value,
  onChange,
  headingLevel = 'h3',
}: ToggleFilterGroupProps) {
  const titleId = useId();
  const summary = summarizeToggles(value);
  const labels = new Map(items.map((item) => [item.id, item.label]));
  const selected = Object.entries(value).filter(([, state]) => state !== 0);

  return (
    <section aria-labelledby={titleId}>
      <Flex
        alignItems={{ default: 'alignItemsCenter' }}
        justifyContent={{ default: 'justifyContentSpaceBetween' }}
      >
        <Title headingLevel={headingLevel} size="md" id={titleId}>
          {title}
        </Title>
        {summary.selected > 0 && (
          <Button variant="link" isInline onClick={() => onChange({})}>
            Clear
          </Button>
        )}
      </Flex>
      {summary.selected >= TOGGLE_SUMMARY_THRESHOLD ? (
        <div>
          {summary.selected} selected ({summary.included} included, {summary.excluded} excluded)
        </div>
      ) : (
        summary.selected > 0 && (
          <Flex gap={{ default: 'gapXs' }}>
            {selected.map(([id, state]) => {
              const label = labels.get(id) ?? id;
              const verb = state === 1 ? 'Included' : 'Excluded';
              return (
                <Label
                  key={id}
                  isCompact
                  color={state === 1 ? 'blue' : 'orangered'}
                  icon={state === 1 ? <PlusIcon /> : <MinusIcon />}
                  onClose={() => onChange(withToggle(value, id, 0))}
                  closeBtnAriaLabel={`Remove ${label}`}
                >
                  <span className="pf-v6-screen-reader">{verb}: </span>
                  {label}
                </Label>
              );
            })}
          </Flex>
        )
      )}
      <List isPlain aria-labelledby={titleId}>
        {items.map((item) => (
          <ListItem key={item.id}>
            <ToggleFilter
              label={item.label}
              count={item.count}
              value={value[item.id] ?? 0}
              onChange={(next) => onChange(withToggle(value, item.id, next))}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
