import { useId } from 'react';
import { SimpleList, SimpleListItem, Title } from '@patternfly/react-core';
import { isSameTimeRange, type TimeRange } from '../../lib/time-range/index.js';

export interface RangeListProps {
  title: string;
  ranges: readonly TimeRange[];
  /** The current range, marked in the list. */
  value?: TimeRange;
  onSelect: (range: TimeRange) => void;
}

/** A titled list of ranges; each is a button (Tab and Enter reach it), the current one marked. */
export function RangeList({ title, ranges, value, onSelect }: RangeListProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title headingLevel="h4" size="md" id={titleId}>
        {title}
      </Title>
      <SimpleList isControlled={false} aria-label={title}>
        {ranges.map((range) => {
          const current = isSameTimeRange(range, value);
          return (
            <SimpleListItem
              key={`${range.from} ${range.to}`}
              isActive={current}
              componentProps={{ 'aria-current': current ? 'true' : undefined }}
              onClick={() => onSelect(range)}
            >
              {range.display}
            </SimpleListItem>
          );
        })}
      </SimpleList>
    </section>
  );
}
