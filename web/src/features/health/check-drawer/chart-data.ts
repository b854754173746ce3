import type { StatusPoint } from './check-api.js';

/** Points the chart draws at most; a longer series is thinned out evenly. */
export const MAX_CHART_POINTS = 500;

export interface ChartPoint {
  x: Date;
  /** latency, ms */
  y: number;
  passed: boolean;
}

/**
 * The runs as chart points in time order, at most `max` of them. Thinning keeps every failure it
 * can (they are what a reader looks for) and spreads the passes evenly over the rest.
 */
export function toChartPoints(statuses: readonly StatusPoint[], max = MAX_CHART_POINTS): ChartPoint[] {
  const points = statuses
    .map((status) => ({ x: new Date(status.time), y: status.duration, passed: status.status }))
    .filter((point) => !Number.isNaN(point.x.getTime()))
    .sort((a, b) => a.x.getTime() - b.x.getTime());
  if (points.length <= max) return points;

  const failures = points.filter((point) => !point.passed);
  if (failures.length >= max) return everyNth(failures, max);
  const passes = everyNth(
    points.filter((point) => point.passed),
    max - failures.length,
  );
  return [...failures, ...passes].sort((a, b) => a.x.getTime() - b.x.getTime());
}

/** `count` items spread evenly over the list, first and last included. */
function everyNth<T>(items: readonly T[], count: number): T[] {
  if (count <= 0) return [];
  if (items.length <= count) return [...items];
  if (count === 1) return [items[items.length - 1]!];
  const step = (items.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => items[Math.round(i * step)]!);
}
