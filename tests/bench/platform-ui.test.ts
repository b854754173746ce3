import type { CheckSummary, HealthSummaryResponse } from '../../server/src/platform/health/types.js';
import {
  consoleOverPlatform,
  consolePathOf,
  recentStatusesByCheck,
  toLegacySummary,
  type StatusRow,
} from './platform-ui.js';

describe('the platform UI’s calls, on the console', () => {
  it('sends PostgREST, canary-checker and config-db paths under /api, with their queries', () => {
    expect(consolePathOf('/db/people')).toBe('/api/db/people');
    expect(consolePathOf('/db/people?id=eq.1&select=a,b')).toBe('/api/db/people?id=eq.1&select=a,b');
    expect(consolePathOf('/canary/api?start=1h')).toBe('/api/canary/api?start=1h');
    expect(consolePathOf('/canary/api/summary')).toBe('/api/canary/api/summary');
    expect(consolePathOf('/config/db/config_items?limit=1')).toBe('/api/db/config_items?limit=1');
  });

  it('takes /api for canary-checker’s own root, as a CANARY_CHECKER deployment calls it', () => {
    expect(consolePathOf('/api?start=15m')).toBe('/api/canary/api?start=15m');
    expect(consolePathOf('/api/topology')).toBe('/api/canary/api/topology');
  });

  it('leaves the UI’s own routes and files to the static server', () => {
    for (const uiPath of [
      '/',
      '/health?timeRange=1h',
      '/static/js/main.js',
      '/database',
      '/canaryx',
      '/apix',
    ])
      expect(consolePathOf(uiPath)).toBeUndefined();
  });
});

const run = (check_id: string, minute: number, status = true): StatusRow => ({
  check_id,
  time: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
  status,
  duration: minute,
  message: 'ok',
  error: null,
});

describe('the legacy summary', () => {
  it('keeps the newest runs of each check, up to the count asked', () => {
    const rows = [run('a', 59), run('b', 58, false), run('a', 55), run('a', 50), run('a', 45)];
    const byCheck = recentStatusesByCheck(rows, 3);
    expect(byCheck.get('a')!.map((s) => s.duration)).toEqual([59, 55, 50]);
    expect(byCheck.get('b')).toEqual([
      {
        status: false,
        invalid: false,
        time: '2026-01-01T00:58:00.000Z',
        duration: 58,
        message: 'ok',
        error: null,
      },
    ]);
  });

  it('answers {checks} with each check’s runs in checkStatuses, none for a check without runs', () => {
    const check = (id: string) => ({ id, name: `check-${id}`, canary_name: 'c' }) as CheckSummary;
    const summary: HealthSummaryResponse = {
      checks_summary: [check('a'), check('b')],
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-01T01:00:00.000Z',
      duration: 12,
    };
    const legacy = toLegacySummary(summary, recentStatusesByCheck([run('a', 59)]));
    expect(legacy.duration).toBe(12);
    expect(legacy.checks.map((c) => [c.key, c.name, c.canary_name, c.checkStatuses.length])).toEqual([
      ['a', 'check-a', 'c', 1],
      ['b', 'check-b', 'c', 0],
    ]);
    expect(legacy).not.toHaveProperty('checks_summary');
  });
});

describe('console/platform ratios', () => {
  it('divides the console’s figure by the platform’s, and says so when the platform has none', () => {
    expect(consoleOverPlatform(300, 6000)).toBe(0.05);
    expect(consoleOverPlatform(300, 0)).toBe('no platform figure');
    expect(consoleOverPlatform(NaN, 6000)).toBe('no platform figure');
  });
});
