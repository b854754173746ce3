import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  ActionGroup,
  Button,
  CalendarMonth,
  Form,
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  Tab,
  Tabs,
  TabTitleText,
  TextInput,
} from '@patternfly/react-core';
import { isBefore, lightFormat, startOfDay } from 'date-fns';
import {
  absoluteRange,
  formatDateTime,
  parseExpression,
  type TimeRange,
} from '../../lib/time-range/index.js';

export interface AbsoluteRangeFormProps {
  /** The current range; an absolute one fills the inputs. */
  value?: TimeRange;
  onSubmit: (range: TimeRange) => void;
  /** Told when a calendar's month menu opens or closes, so Escape closes that menu first. */
}

type Edge = 'from' | 'to';

const FORMAT_HINT = 'YYYY-MM-DD HH:mm:ss';
const DAY_LABEL = 'yyyy-MM-dd';
// A day picked on the calendar keeps the typed time, else covers the whole day.
const DEFAULT_TIME: Record<Edge, string> = { from: '00:00:00', to: '23:59:59' };

function toDate(text: string): Date | undefined {
  const parsed = parseExpression(text);
  return parsed?.kind === 'absolute' ? parsed.date : undefined;
}

function initialText(value: TimeRange | undefined, edge: Edge): string {
  const date = value?.type === 'absolute' ? toDate(value[edge]) : undefined;
  return date ? formatDateTime(date) : '';
}

interface EdgeFieldProps {
  edge: Edge;
  label: string;
  text: string;
  date: Date | undefined;
  rangeStart?: Date;
  onChange: (text: string) => void;
  onEnter: () => void;
}

function EdgeField(props: EdgeFieldProps) {
  const { edge, label, text, date, rangeStart, onChange, onEnter } = props;
  const invalid = text.trim() !== '' && !date;
  const inputId = useId();
  const validators = useMemo(
    () => (rangeStart ? [(day: Date) => !isBefore(day, startOfDay(rangeStart))] : undefined),
    [rangeStart],
  );
  const pickDay = (day: Date) => {
    const time = date ? lightFormat(date, 'HH:mm:ss') : DEFAULT_TIME[edge];
    onChange(`${lightFormat(day, DAY_LABEL)} ${time}`);
  };
  return (
    <>
      <FormGroup label={label} fieldId={inputId}>
        <TextInput
          id={inputId}
          value={text}
          placeholder={FORMAT_HINT}
          validated={invalid ? 'error' : 'default'}
          onChange={(_event, next) => onChange(next)}
          onKeyDown={(event: KeyboardEvent) => event.key === 'Enter' && onEnter()}
        />
        {invalid && (
          <FormHelperText>
            <HelperText>
              <HelperTextItem variant="error">{`Enter a date and time as ${FORMAT_HINT}`}</HelperTextItem>
            </HelperText>
          </FormHelperText>
        )}
      </FormGroup>
      <CalendarMonth
        className="ops-time-range__calendar"
        // Remounted per year: the calendar's year input does not follow a changed date.
        key={(date ?? rangeStart)?.getFullYear()}
        date={date ?? rangeStart}
        rangeStart={rangeStart}
        validators={validators}
        weekStart={1}
        prevMonthAriaLabel="Show previous month"
        nextMonthAriaLabel="Show next month"
        cellAriaLabel={(day) => lightFormat(day, DAY_LABEL)}
        onChange={(_event, day) => pickDay(day)}
      />
    </>
  );
}

/** From and To, each typed or picked on a calendar, with Clear and Submit. */
export function AbsoluteRangeForm({ value, onSubmit }: AbsoluteRangeFormProps) {
  const [edge, setEdge] = useState<Edge>('from');
  const [fromText, setFromText] = useState(() => initialText(value, 'from'));
  const [toText, setToText] = useState(() => initialText(value, 'to'));
  const from = useMemo(() => toDate(fromText), [fromText]);
  const to = useMemo(() => toDate(toText), [toText]);
  const outOfOrder = !!from && !!to && !isBefore(from, to);
  const canSubmit = !!from && !!to && !outOfOrder;

  // Click or Enter rather than a native submit: when a submit handler starts a transition (router
  // navigations do), React 19 builds a FormData of the form, which the jsdom test setup's
  // FormData (Node's) rejects.
  const submit = () => {
    if (from && to && canSubmit) onSubmit(absoluteRange(from, to));
  };
  const clear = () => {
    setFromText('');
    setToText('');
    setEdge('from');
  };

  return (
    <Form onSubmit={(event: FormEvent) => event.preventDefault()} aria-label="Absolute time range">
      <Tabs
        activeKey={edge}
        onSelect={(_event, key) => setEdge(key as Edge)}
        aria-label="Absolute time range edges"
        isFilled
      >
        <Tab eventKey="from" title={<TabTitleText>From</TabTitleText>}>
          <EdgeField
            edge="from"
            label="From"
            text={fromText}
            date={from}
            onChange={setFromText}
            onEnter={submit}
          />
        </Tab>
        <Tab eventKey="to" title={<TabTitleText>To</TabTitleText>}>
          <EdgeField
            edge="to"
            label="To"
            text={toText}
            date={to}
            rangeStart={from}
            onChange={setToText}
            onEnter={submit}
          />
        </Tab>
      </Tabs>
      {outOfOrder && (
        <HelperText>
          <HelperTextItem variant="error">From must be before To</HelperTextItem>
        </HelperText>
      )}
      <ActionGroup>
        <Button variant="primary" isDisabled={!canSubmit} onClick={submit}>
          Submit
        </Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </ActionGroup>
    </Form>
  );
}
