import { rangeStart } from './check-api.js';
import { toChartPoints } from './chart-data.js';

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();

describe('toChartPoints', () => {
  it('turns runs into time-ordered latency points that know whether they passed', () => {
    const points = toChartPoints([
      { time: at(2), duration: 300, status: false },
      { time: at(1), duration: 120, status: true },
    ]);
    expect(points).toEqual([
      { x: new Date(at(1)), y: 120, passed: true },
      { x: new Date(at(2)), y: 300, passed: false },
    ]);
  });

  it('thins a long series down to the limit, keeping every failure and both ends', () => {
    const runs = Array.from({ length: 1000 }, (_, i) => ({
      time: at(i),
      duration: i,
      status: i % 100 !== 50,
    }));
    const points = toChartPoints(runs, 100);
    expect(points).toHaveLength(100);
    expect(points.filter((p) => !p.passed)).toHaveLength(10);
    expect(points[0]!.x).toEqual(new Date(at(0)));
    expect(points[points.length - 1]!.x).toEqual(new Date(at(999)));
    const times = points.map((p) => p.x.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('thins the failures themselves when they alone pass the limit', () => {
    const runs = Array.from({ length: 50 }, (_, i) => ({ time: at(i), duration: i, status: false }));
    expect(toChartPoints(runs, 10)).toHaveLength(10);
  });
});

describe('rangeStart', () => {
  const now = new Date('2024-03-05T12:00:00Z');
  it.each([
    ['1h', '2024-03-05T11:00:00.000Z'],
    ['2d', '2024-03-03T12:00:00.000Z'],
    ['now-6h', '2024-03-05T06:00:00.000Z'],
    ['2024-03-01T00:00:00Z', '2024-03-01T00:00:00.000Z'],
    ['nonsense', '2024-03-05T11:00:00.000Z'],
  ])('%s starts at %s', (range, start) => {
    expect(rangeStart(range, now).toISOString()).toBe(start);
  });
});
