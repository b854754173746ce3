import { parseTimeExpression } from './time-expression.js';

const now = new Date('2026-03-18T15:42:07.123Z');
const at = (text: string) => parseTimeExpression(text, now)?.toISOString();

it('reads date math from now, in steps, rounded in UTC', () => {
  expect(at('now')).toBe('2026-03-18T15:42:07.123Z');
  expect(at('now-2d')).toBe('2026-03-16T15:42:07.123Z');
  expect(at('now-1h+30m')).toBe('2026-03-18T15:12:07.123Z');
  expect(at('now-1M')).toBe('2026-02-18T15:42:07.123Z');
  expect(at('now/d')).toBe('2026-03-18T00:00:00.000Z');
  expect(at('now-7d/d')).toBe('2026-03-11T00:00:00.000Z');
  expect(at('now/w')).toBe('2026-03-16T00:00:00.000Z');
  expect(at('now/M')).toBe('2026-03-01T00:00:00.000Z');
});

it('reads RFC 3339 timestamps and dates', () => {
  expect(at('2026-01-02T03:04:05Z')).toBe('2026-01-02T03:04:05.000Z');
  expect(at('2026-01-02T03:04:05.5+02:00')).toBe('2026-01-02T01:04:05.500Z');
  expect(at('2026-01-02')).toBe('2026-01-02T00:00:00.000Z');
});

it('reads nothing else', () => {
  for (const text of ['yesterday', 'now-2x', 'now-', '2026-13-45', '1700000000', 'now - 2d', ''])
    expect({ text, at: at(text) }).toEqual({ text, at: undefined });
});
