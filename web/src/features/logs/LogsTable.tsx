import { useCallback, useRef, type ReactNode } from 'react';
import { Bullseye, Label, LabelGroup } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { measureElement, useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { formatDateTime } from '../../lib/time-range/index.js';
import { ColumnResizer } from './ColumnResizer.js';
import { isWebAddress, LogText } from './LogText.js';
import type { LogLine } from './logs-api.js';
import { useColumnSizes, type ColumnSizes } from './use-column-sizes.js';
import './logs.css';

/** Spec 2 §2: row height estimate 62, overscan 10. */
export const LOG_ROW_HEIGHT = 62;
export const LOG_OVERSCAN = 10;

/** Timestamp and Message take these widths until the reader drags them; Labels takes the rest. */
export const DEFAULT_COLUMN_SIZES: ColumnSizes = { timestamp: 200, message: 720 };
// Labels keeps at least this much when the others are wide (the table then scrolls sideways).
const LABELS_MIN_WIDTH = 240;

// jsdom and hidden rows measure 0; an unmeasurable row keeps the estimate instead of collapsing the range.
const measureRow: VirtualizerOptions<HTMLDivElement, HTMLTableRowElement>['measureElement'] = (
  element,
  entry,
  instance,
) => measureElement(element, entry, instance) || LOG_ROW_HEIGHT;

export interface LogsTableProps {
  lines: LogLine[];
  /** Shown in the body instead of lines (the loading state, an empty text). */
  placeholder?: ReactNode;
}

const lineKey = (line: LogLine, index: number) => line.id ?? `${index}:${line.timestamp}`;

/** The lines of a search, virtualized, with resizable Timestamp and Message columns. */
export function LogsTable({ lines, placeholder }: LogsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sizes, setSize] = useColumnSizes(DEFAULT_COLUMN_SIZES);
  const getItemKey = useCallback((index: number) => lineKey(lines[index]!, index), [lines]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: placeholder ? 0 : lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: LOG_OVERSCAN,
    getItemKey,
    measureElement: measureRow,
  });
  const visible = virtualizer.getVirtualItems();
  const first = visible[0];
  const last = visible[visible.length - 1];
  const paddingTop = first?.start ?? 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  const timestampWidth = sizes.timestamp!;
  const messageWidth = sizes.message!;
  const header = (id: 'timestamp' | 'message', text: string, width: number) => (
    // PatternFly caps header cells at 1px to truncate their text; the chosen width holds instead.
    <Th className="ops-logs-resizable" style={{ width, minWidth: width, maxWidth: width }}>
      {text}
      <ColumnResizer header={text} width={width} onResize={(next) => setSize(id, next)} />
    </Th>
  );

  return (
    // Focusable so the scroll region can be scrolled with the keyboard.
    <div ref={scrollRef} tabIndex={0} className="ops-logs-scroll">
      <Table
        aria-label="Log lines"
        variant="compact"
        isStickyHeader
        className="ops-logs-table"
        style={{ minWidth: timestampWidth + messageWidth + LABELS_MIN_WIDTH }}
      >
        <Thead>
          <Tr>
            {header('timestamp', 'Timestamp', timestampWidth)}
            {header('message', 'Message', messageWidth)}
            <Th>Labels</Th>
          </Tr>
        </Thead>
        <Tbody>
          {placeholder ? (
            <Tr>
              <Td colSpan={3}>
                <Bullseye>{placeholder}</Bullseye>
              </Td>
            </Tr>
          ) : (
            <>
              {paddingTop > 0 && <Spacer height={paddingTop} />}
              {visible.map((virtual) => {
                const line = lines[virtual.index]!;
                return (
                  <LogRow
                    key={virtual.key}
                    line={line}
                    index={virtual.index}
                    measure={virtualizer.measureElement}
                  />
                );
              })}
              {paddingBottom > 0 && <Spacer height={paddingBottom} />}
            </>
          )}
        </Tbody>
      </Table>
    </div>
  );
}

function LogRow({
  line,
  index,
  measure,
}: {
  line: LogLine;
  index: number;
  measure: (node: HTMLTableRowElement | null) => void;
}) {
  const date = new Date(line.timestamp);
  const labels = Object.entries(line.labels ?? {});
  return (
    <Tr ref={measure} data-index={index}>
      <Td dataLabel="Timestamp" className="ops-logs-timestamp">
        {Number.isNaN(date.getTime()) ? (
          line.timestamp
        ) : (
          <time dateTime={line.timestamp}>{formatDateTime(date)}</time>
        )}
      </Td>
      <Td dataLabel="Message" className="ops-logs-message">
        <LogText text={line.message} />
      </Td>
      <Td dataLabel="Labels">
        {labels.length > 0 && (
          <LabelGroup numLabels={3}>
            {labels.map(([key, value]) => (
              <Label key={key} isCompact>
                {key}=
                {isWebAddress(value) ? (
                  <a href={value} target="_blank" rel="noopener noreferrer">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </Label>
            ))}
          </LabelGroup>
        )}
      </Td>
    </Tr>
  );
}

/** Stands in for the rows scrolled out of view, so the scrollbar matches the full list. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={3} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
