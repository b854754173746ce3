import { costView, formatCost } from './cost.js';

describe('catalog costs', () => {
  it('shows nothing unless the 1d, 7d and 30d totals all exist', () => {
    expect(costView({ cost_total_1d: 1, cost_total_7d: 7 })).toBeUndefined();
    expect(costView({ cost_total_1d: null, cost_total_7d: 7, cost_total_30d: 30 })).toBeUndefined();
    expect(costView({ cost_total_1d: 0, cost_total_7d: 0, cost_total_30d: 0 })).toEqual({ daily: '$0.00' });
  });

  it('uses 2 decimals up to 10 and none above', () => {
    expect(formatCost(4.2)).toBe('$4.20');
    expect(formatCost(10)).toBe('$10.00');
    expect(formatCost(120.4)).toBe('$120');
  });

  it('badges a daily cost more than 10% away from the 30-day daily average', () => {
    expect(costView({ cost_total_1d: 1.05, cost_total_7d: 7, cost_total_30d: 30 })).toEqual({
      daily: '$1.05',
    });
    expect(costView({ cost_total_1d: 1.25, cost_total_7d: 7, cost_total_30d: 30 })?.trend).toEqual({
      text: '+25%',
      direction: 'increase',
    });
    expect(costView({ cost_total_1d: '0.6', cost_total_7d: '7', cost_total_30d: '30' })?.trend).toEqual({
      text: '-40%',
      direction: 'decrease',
    });
  });

  it('shows percentages above 100 as a multiplier', () => {
    expect(costView({ cost_total_1d: 4.2, cost_total_7d: 7, cost_total_30d: 30 })?.trend).toEqual({
      text: '3.2x',
      direction: 'increase',
    });
  });
});
