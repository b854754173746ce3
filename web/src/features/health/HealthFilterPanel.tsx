import { memo, useId, useState } from 'react';
import { Button, List, ListItem, Stack, StackItem, Switch, Title } from '@patternfly/react-core';
import { AngleDownIcon, AngleRightIcon } from '@patternfly/react-icons';
import { ToggleFilter, ToggleFilterGroup, type Toggle } from '../../components/ToggleFilter/index.js';
import type { LabelGroup } from './check-filters.js';
import type { LabelFilter } from './health-params.js';

const selectedOnly = (value: Record<string, Toggle>): LabelFilter =>
  Object.fromEntries(Object.entries(value).filter(([, state]) => state !== 0)) as LabelFilter;

/** A key with more values than this starts folded, so thousands of label values do not slow the page. */
const UNFOLDED_VALUES = 10;

export interface HealthFilterPanelProps {
  hidePassing: boolean;
  onHidePassingChange: (hidePassing: boolean) => void;
  labelGroups: LabelGroup[];
  labels: LabelFilter;
  onLabelsChange: (labels: LabelFilter) => void;
}

/**
 * The left panel: Hide Passing and the label filters per key. The selected labels show on top as
 * removable chips, or from four on as a summary with Clear (spec 1 §2).
 */
export const HealthFilterPanel = memo(function HealthFilterPanel({
  hidePassing,
  onHidePassingChange,
  labelGroups,
  labels,
  onLabelsChange,
}: HealthFilterPanelProps) {
  const setLabel = (id: string, state: Toggle) => {
    const next = { ...labels };
    if (state === 0) delete next[id];
    else next[id] = state;
    onLabelsChange(next);
  };
  return (
    <Stack hasGutter className="ops-health-filters">
      <StackItem>
        <Switch
          id="health-hide-passing"
          label="Hide Passing"
          isChecked={hidePassing}
          onChange={(_event, checked) => onHidePassingChange(checked)}
        />
      </StackItem>
      <StackItem>
        {/* Only the header part (title, chips or summary, Clear): the choices follow per key. */}
        <ToggleFilterGroup
          title="Labels"
          headingLevel="h2"
          items={[]}
          value={labels}
          onChange={(next) => onLabelsChange(selectedOnly(next))}
        />
      </StackItem>
      {labelGroups.map((group) => (
        <StackItem key={group.key}>
          <LabelKeySection group={group} labels={labels} onChange={setLabel} />
        </StackItem>
      ))}
    </Stack>
  );
});

interface LabelKeySectionProps {
  group: LabelGroup;
  labels: LabelFilter;
  onChange: (id: string, state: Toggle) => void;
}

function LabelKeySection({ group, labels, onChange }: LabelKeySectionProps) {
  const titleId = useId();
  const [isOpen, setOpen] = useState(
    () => group.options.length <= UNFOLDED_VALUES || group.options.some((option) => labels[option.id]),
  );
  return (
    <section aria-labelledby={titleId}>
      <Title headingLevel="h3" size="md" id={titleId}>
        <Button
          variant="link"
          isInline
          aria-expanded={isOpen}
          icon={isOpen ? <AngleDownIcon /> : <AngleRightIcon />}
          onClick={() => setOpen(!isOpen)}
        >
          {group.key}
        </Button>
      </Title>
      {isOpen && (
        <List isPlain aria-labelledby={titleId}>
          {group.options.map((option) => (
            <ListItem key={option.id}>
              <ToggleFilter
                label={option.value}
                count={option.count}
                value={labels[option.id] ?? 0}
                onChange={(next) => onChange(option.id, next)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
