/**
 * A config's cost as the catalog shows it (spec 3 §9): only when the 1-day, 7-day and 30-day totals
 * all exist; amounts of 10 or less with 2 decimals, larger ones with none; a badge when the last
 * day differs from the 30-day daily average by more than 10 %, as a multiplier above 100 %.
 */
export interface ConfigCosts {
  cost_total_1d?: number | string | null;
  cost_total_7d?: number | string | null;
  cost_total_30d?: number | string | null;
}

export interface CostTrend {
  /** '+25%', '-40%', '3.2x' */
  text: string;
  direction: 'increase' | 'decrease';
}

export interface CostView {
  /** The last day's cost, e.g. '$4.20' or '$120'. */
  daily: string;
  trend?: CostTrend;
}

const TREND_THRESHOLD_PERCENT = 10;

function amount(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function formatCost(value: number): string {
  return `$${value.toFixed(Math.abs(value) <= 10 ? 2 : 0)}`;
}

export function costView(costs: ConfigCosts): CostView | undefined {
  const day = amount(costs.cost_total_1d);
  const week = amount(costs.cost_total_7d);
  const month = amount(costs.cost_total_30d);
  if (day === undefined || week === undefined || month === undefined) return undefined;
  const average = month / 30;
  if (average <= 0) return { daily: formatCost(day) };
  const percent = ((day - average) / average) * 100;
  if (Math.abs(percent) <= TREND_THRESHOLD_PERCENT) return { daily: formatCost(day) };
  const magnitude = Math.abs(percent);
  const text =
    magnitude > 100
      ? `${(magnitude / 100).toFixed(1)}x`
      : `${percent > 0 ? '+' : '-'}${Math.round(magnitude)}%`;
  return { daily: formatCost(day), trend: { text, direction: percent > 0 ? 'increase' : 'decrease' } };
}
