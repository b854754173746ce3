import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MIN_COLUMN_WIDTH } from './use-column-sizes.js';

const KEY_STEP_PX = 20;

export interface ColumnResizerProps {
  /** The column's header text: the handle is 'Resize <header> column'. */
  header: string;
  width: number;
  onResize: (width: number) => void;
}

/**
 * The handle on a header's right edge: drag it, or focus it and use the arrow keys, to change the
 * column's width.
 */
export function ColumnResizer({ header, width, onResize }: ColumnResizerProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    drag.current = { x: event.clientX, width };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + event.clientX - drag.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -KEY_STEP_PX, ArrowRight: KEY_STEP_PX }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onResize(width + step);
  };

  return (
    <div
      className="ops-logs-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${header} column`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
