import { useState, type CSSProperties } from 'react';
import { Flex, MenuToggle, Popover, Stack, Title } from '@patternfly/react-core';
import { OutlinedClockIcon } from '@patternfly/react-icons';
import {
  addRecentTimeRange,
  FUTURE_RANGES,
  getRecentTimeRanges,
  MAPPED_RANGES,
  PAST_RANGES,
  type TimeRange,
} from '../../lib/time-range/index.js';
import { useFocusWhereClicked } from '../PopoverFocus/index.js';
import { AbsoluteRangeForm } from './AbsoluteRangeForm.js';
import { RangeList } from './RangeList.js';
import './TimeRangePicker.css';

export const TIME_RANGE_PLACEHOLDER = 'Please select time range';

export interface TimeRangePickerProps {
  value: TimeRange | undefined;
  onChange: (range: TimeRange) => void;
  placeholder?: string;
  isDisabled?: boolean;
}

const ABSOLUTE_COLUMN: CSSProperties = { width: '23rem' };
const LIST_COLUMN: CSSProperties = { maxHeight: '30rem', overflowY: 'auto', minWidth: '12rem' };

const isMonthMenuOpen = () =>
  document.querySelector(
    '.ops-time-range__calendar .pf-v6-c-calendar-month__header-month [aria-expanded="true"]',
  ) !== null;

/**
 * A toggle showing the range (or the placeholder) that opens a panel with an absolute From/To
 * form, the recently submitted absolute ranges, and the relative and named ranges.
 */
export function TimeRangePicker({
  value,
  onChange,
  placeholder = TIME_RANGE_PLACEHOLDER,
  isDisabled = false,
}: TimeRangePickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const focus = useFocusWhereClicked();
  const [recent, setRecent] = useState<TimeRange[]>([]);

  const open = () => {
    setRecent(getRecentTimeRanges());
    setIsOpen(true);
  };
  const close = (event: MouseEvent | KeyboardEvent) => {
    // Escape in a calendar's month menu closes that menu, not the whole panel. (PatternFly's
    // CalendarMonth reports the menu closing but not opening, so ask the page.)
    if ('key' in event && event.key === 'Escape' && isMonthMenuOpen()) return;
    setIsOpen(false);
  };
  const choose = (range: TimeRange) => {
    if (range.type === 'absolute') setRecent(addRecentTimeRange(range));
    setIsOpen(false);
    onChange(range);
  };

  const text = value?.display ?? placeholder;
  const lists = { value, onSelect: choose };
  const panel = (
    <Flex flexWrap={{ default: 'wrap' }} alignItems={{ default: 'alignItemsFlexStart' }}>
      <Stack hasGutter style={ABSOLUTE_COLUMN}>
        <Title headingLevel="h3" size="md">
          Absolute time range
        </Title>
        <AbsoluteRangeForm value={value} onSubmit={choose} />
        {recent.length > 0 && (
          <RangeList title="Recently used absolute time ranges" ranges={recent} {...lists} />
        )}
      </Stack>
      <Stack hasGutter style={LIST_COLUMN}>
        <RangeList title="Relative time ranges" ranges={PAST_RANGES} {...lists} />
        <RangeList title="Future time ranges" ranges={FUTURE_RANGES} {...lists} />
      </Stack>
      <Stack style={LIST_COLUMN}>
        <RangeList title="Named time ranges" ranges={MAPPED_RANGES} {...lists} />
      </Stack>
    </Flex>
  );

  return (
    <Popover
      aria-label="Select time range"
      isVisible={isOpen}
      shouldOpen={open}
      shouldClose={close}
      onHidden={focus.onHidden}
      bodyContent={panel}
      position="bottom-start"
      hasAutoWidth
      maxWidth="min(64rem, 95vw)"
    >
      <MenuToggle
        icon={<OutlinedClockIcon />}
        isExpanded={isOpen}
        isPlaceholder={!value}
        isDisabled={isDisabled}
        aria-haspopup="dialog"
        aria-label={`Time range: ${text}`}
      >
        {text}
      </MenuToggle>
    </Popover>
  );
}
