// Loaded lazily (React.lazy in HealthOverview): the charting code stays out of the /health route's
// first chunk.
import { useEffect, useRef, useState } from 'react';
import {
  Chart,
  ChartAxis,
  ChartLine,
  ChartScatter,
  ChartVoronoiContainer,
} from '@patternfly/react-charts/victory';
import { formatDuration } from '../../../lib/format.js';
import { formatDateTime } from '../../../lib/time-range/index.js';
import type { ChartPoint } from './chart-data.js';

export interface HealthOverviewChartProps {
  points: ChartPoint[];
  from: Date;
  to: Date;
  height: number;
}

const PASSED = 'var(--pf-t--global--color--status--success--default)';
const FAILED = 'var(--pf-t--global--color--status--danger--default)';
const LINE = 'var(--pf-t--global--border--color--default)';

/** The width of the element, followed as the window resizes. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const tooltip = ({ datum }: { datum: ChartPoint }) =>
  `${datum.passed ? 'Passed' : 'Failed'} in ${formatDuration(datum.y)}\n${formatDateTime(datum.x)}`;

/** Latency over time as a line, each run a dot: green passed, red failed. */
export default function HealthOverviewChart({ points, from, to, height }: HealthOverviewChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const maxLatency = Math.max(1, ...points.map((point) => point.y));
  return (
    <div ref={ref} style={{ height }}>
      {width > 0 && (
        <Chart
          ariaTitle="Health overview"
          ariaDesc="Latency of each run over the time range; failed runs in red, passed runs in green"
          width={width}
          height={height}
          scale={{ x: 'time', y: 'linear' }}
          domain={{ x: [from, to], y: [0, maxLatency * 1.1] }}
          padding={{ top: 16, bottom: 40, left: 64, right: 24 }}
          containerComponent={
            <ChartVoronoiContainer labels={tooltip} constrainToVisibleArea voronoiBlacklist={['latency']} />
          }
        >
          <ChartAxis tickFormat={(tick: Date) => formatDateTime(tick).slice(5, 16)} fixLabelOverlap />
          <ChartAxis dependentAxis tickFormat={(tick: number) => formatDuration(tick)} showGrid />
          <ChartLine name="latency" data={points} style={{ data: { stroke: LINE, strokeWidth: 1 } }} />
          <ChartScatter
            name="runs"
            data={points}
            size={3}
            style={{
              data: { fill: ({ datum }: { datum?: ChartPoint }) => (datum?.passed ? PASSED : FAILED) },
            }}
          />
        </Chart>
      )}
    </div>
  );
}
