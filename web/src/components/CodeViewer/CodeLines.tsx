import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

/** What a line choice reports besides the line: the event, for its shift key. */
export type LineEvent = MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>;

export const CODE_BACKGROUND = 'var(--pf-t--global--background--color--secondary--default)';

// Rows carry the background so that the sticky gutter, which inherits it, hides code scrolled beneath.
const ROW: CSSProperties = { display: 'flex', minHeight: '1.5em', background: CODE_BACKGROUND };
const SELECTED_ROW: CSSProperties = {
  ...ROW,
  color: 'inherit',
  background: 'var(--pf-t--global--background--color--highlight--default)',
};
const CLICKABLE_ROW: CSSProperties = { ...ROW, cursor: 'pointer' };
const CLICKABLE_SELECTED_ROW: CSSProperties = { ...SELECTED_ROW, cursor: 'pointer' };
// A separate, unselectable, hidden element: selecting and copying the code never picks up the numbers.
const GUTTER: CSSProperties = {
  position: 'sticky',
  left: 0,
  flex: 'none',
  textAlign: 'right',
  userSelect: 'none',
  paddingInline: 'var(--pf-t--global--spacer--sm)',
  color: 'var(--pf-t--global--text--color--subtle)',
  background: 'inherit',
};
const CODE: CSSProperties = { whiteSpace: 'pre', paddingInline: 'var(--pf-t--global--spacer--sm)' };

/** The row handlers, one stable object for every line, so a selection re-renders only the lines it changes. */
interface LineHandlers {
  click(line: number, event: MouseEvent<HTMLElement>): void;
  key(line: number, event: KeyboardEvent<HTMLElement>): void;
  focus(line: number): void;
}

interface LineProps {
  number: number;
  text: string;
  selected: boolean;
  /** Selectable lines: whether this one is the list's tab stop. */
  isTabStop: boolean;
  gutter?: CSSProperties;
  handlers?: LineHandlers;
}

const Line = memo(function Line({ number, text, selected, isTabStop, gutter, handlers }: LineProps) {
  const Row = selected ? 'mark' : 'span';
  const style = handlers
    ? selected
      ? CLICKABLE_SELECTED_ROW
      : CLICKABLE_ROW
    : selected
      ? SELECTED_ROW
      : ROW;
  return (
    <Row
      style={style}
      {...(handlers && {
        role: 'option',
        'aria-selected': selected,
        tabIndex: isTabStop ? 0 : -1,
        onClick: (event: MouseEvent<HTMLElement>) => handlers.click(number, event),
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => handlers.key(number, event),
        onFocus: () => handlers.focus(number),
      })}
    >
      {gutter && (
        <span aria-hidden="true" style={gutter}>
          {number}
        </span>
      )}
      <span style={CODE}>{text}</span>
    </Row>
  );
});

export interface CodeLinesProps {
  lines: readonly string[];
  lineNumbers: boolean;
  /** 1-based line numbers to highlight. */
  selectedLines?: readonly number[];
  onLineClick?: (line: number, event: LineEvent) => void;
  /** The name of the line list when lines are selectable. */
  'aria-label': string;
}

/**
 * The lines of a CodeViewer. With onLineClick they are a multi-select list with one tab stop: the
 * arrow keys, Home and End move between lines, Enter and Space choose one, like a click.
 */
export function CodeLines({
  lines,
  lineNumbers,
  selectedLines,
  onLineClick,
  'aria-label': label,
}: CodeLinesProps) {
  const selected = useMemo(() => new Set(selectedLines), [selectedLines]);
  const gutter = useMemo<CSSProperties | undefined>(
    () => (lineNumbers ? { ...GUTTER, width: `${String(lines.length).length + 2}ch` } : undefined),
    [lineNumbers, lines.length],
  );
  const [focusLine, setFocusLine] = useState(1);
  const tabStop = Math.min(focusLine, lines.length);
  const list = useRef<HTMLElement>(null);
  // A chosen line turns from <span> into <mark>: the new element takes the focus the old one had.
  const refocus = useRef<number | undefined>(undefined);
  useEffect(() => {
    const line = refocus.current;
    if (line === undefined) return;
    refocus.current = undefined;
    // Only when the focus went down with the replaced element, never taking it from elsewhere.
    const lost = document.activeElement === null || document.activeElement === document.body;
    const row = list.current?.children[line - 1] as HTMLElement | undefined;
    if (row && lost) row.focus({ preventScroll: true });
  });

  const latest = useRef({ onLineClick, count: lines.length });
  latest.current = { onLineClick, count: lines.length };
  const handlers = useMemo<LineHandlers>(() => {
    const choose = (line: number, event: LineEvent) => {
      refocus.current = line;
      latest.current.onLineClick?.(line, event);
    };
    const moveTo = (event: KeyboardEvent<HTMLElement>, line: number) => {
      event.preventDefault();
      const target = Math.max(1, Math.min(latest.current.count, line));
      (list.current?.children[target - 1] as HTMLElement | undefined)?.focus();
    };
    return {
      click: choose,
      key(line, event) {
        if (event.key === 'ArrowDown') moveTo(event, line + 1);
        else if (event.key === 'ArrowUp') moveTo(event, line - 1);
        else if (event.key === 'Home') moveTo(event, 1);
        else if (event.key === 'End') moveTo(event, latest.current.count);
        else if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          choose(line, event);
        }
      },
      focus(line) {
        refocus.current = undefined;
        setFocusLine(line);
      },
    };
  }, []);
  const selectable = onLineClick !== undefined;

  return (
    <code
      ref={list}
      {...(selectable && { role: 'listbox', 'aria-multiselectable': true, 'aria-label': label })}
    >
      {lines.map((text, index) => {
        const number = index + 1;
        return (
          <Line
            key={number}
            number={number}
            text={text}
            selected={selected.has(number)}
            isTabStop={selectable && number === tabStop}
            gutter={gutter}
            handlers={selectable ? handlers : undefined}
          />
        );
      })}
    </code>
  );
}
