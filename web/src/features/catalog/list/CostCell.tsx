import { Flex, Label } from '@patternfly/react-core';
import { costView, formatCost, type ConfigCosts } from '../cost.js';

/**
 * A cost as spec 3 §9 shows it: an item's last day with its trend badge (red up, green down),
 * only when its 1-day, 7-day and 30-day totals all exist; a group's 30-day total as it is.
 */
export function CostCell({ costs, monthly }: { costs?: ConfigCosts; monthly?: number | string | null }) {
  if (costs) {
    const view = costView(costs);
    if (!view) return null;
    return (
      <Flex gap={{ default: 'gapXs' }} flexWrap={{ default: 'nowrap' }}>
        <span>{view.daily}</span>
        {view.trend && (
          <Label isCompact color={view.trend.direction === 'increase' ? 'red' : 'green'}>
            {view.trend.text}
          </Label>
        )}
      </Flex>
    );
  }
  const total = monthly === null || monthly === undefined || monthly === '' ? NaN : Number(monthly);
  return Number.isFinite(total) && total > 0 ? <span>{formatCost(total)}</span> : null;
}
