import { parseArgs } from './args.js';
import { cpuShares, normalPriorityShare, parseProcStat } from './machine.js';
import {
  checkName,
  checkOfTitle,
  delayFigures,
  historyPaths,
  namespaceOf,
  ruleFilter,
  ruleOf,
} from './notification-figures.js';
import { inBatches, queueFigures, runListPaths, type QueuedRun } from './playbook-figures.js';
import { percentile, summarize, timeInterleaved, type Timing } from './stats.js';
import { Results, formatValue, ratio, verdict, type RowSpec } from './table.js';

const p95Row: RowSpec = {
  figure: 'summary p95',
  unit: 'ms',
  budget: { max: 200, text: 'p95 < 200 ms' },
  goal: { max: 100, text: '< 100 ms' },
};

describe('bench arguments', () => {
  it('measures every part when none is named', () => {
    expect([...parseArgs([]).parts].sort()).toEqual([
      'agents',
      'api',
      'catalog',
      'default-start',
      'grants',
      'health',
      'incidents',
      'jobs',
      'logs',
      'notifications',
      'platform-ui',
      'playbooks',
      'proxy',
      'topology',
      'web',
    ]);
  });

  it('measures only the parts named, against a second build', () => {
    const args = parseArgs(['--health', '--against', '/tmp/base', '--web']);
    expect([...args.parts].sort()).toEqual(['health', 'web']);
    expect(args.against).toBe('/tmp/base');
    expect(parseArgs(['--against=node other.js']).against).toBe('node other.js');
  });

  it('takes smaller catalog and scrape data sets for a quick run', () => {
    const args = parseArgs(['--catalog', '--catalog-items', '2000', '--scrape-objects=400']);
    expect([...args.parts]).toEqual(['catalog']);
    expect(args).toMatchObject({ catalogItems: 2000, scrapeObjects: 400 });
    expect(parseArgs(['--catalog'])).not.toHaveProperty('catalogItems');
    expect(() => parseArgs(['--catalog-items', 'many'])).toThrow('--catalog-items needs a whole number');
    expect(() => parseArgs(['--scrape-objects=0'])).toThrow('--scrape-objects needs a whole number');
  });

  it('takes smaller notification data sets for a quick run', () => {
    const args = parseArgs(['--notifications', '--notification-events', '300', '--history-rows=20000']);
    expect([...args.parts]).toEqual(['notifications']);
    expect(args).toMatchObject({ notificationEvents: 300, historyRows: 20000 });
    expect(() => parseArgs(['--history-rows', '-1'])).toThrow('--history-rows needs a whole number');
  });

  it('measures the permission check alone', () => {
    expect([...parseArgs(['--grants']).parts]).toEqual(['grants']);
  });

  it('measures the upstream mode proxy alone', () => {
    expect([...parseArgs(['--proxy']).parts]).toEqual(['proxy']);
  });

  it('refuses an unknown option and a missing --against value', () => {
    expect(() => parseArgs(['--fast'])).toThrow('unknown option --fast');
    expect(() => parseArgs(['--against'])).toThrow('--against needs');
  });
});

describe('bench statistics', () => {
  it('takes the nearest-rank percentile', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(samples)).toEqual({ p50: 50, p95: 95, n: 100 });
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });

  it('alternates between subjects: A, B, A, B', async () => {
    const order: string[] = [];
    const timings = await timeInterleaved(['A', 'B'], 3, async (s) => void order.push(s), 1);
    expect(order.join('')).toBe('ABABABAB');
    expect(timings.map((t) => t.n)).toEqual([3, 3]);
  });
});

describe('machine load', () => {
  it('reads busy and steal shares between two /proc/stat samples', () => {
    const before = parseProcStat('cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 1 2 3');
    const after = parseProcStat('cpu  150 0 150 750 100 0 0 50 0 0\ncpu0 1 2 3');
    expect(cpuShares(before, after)).toEqual({ busy: 75, steal: 25 });
    // Of 200 ticks, 50 idle and 50 under nice: half the time went to work at normal priority.
    const niced = parseProcStat('cpu  100 100 100 700 100 0 0 0 0 0');
    const later = parseProcStat('cpu  150 150 150 750 100 0 0 0 0 0');
    expect(normalPriorityShare(niced, later)).toBe(50);
  });
});

describe('bench table', () => {
  it('judges build A of every back end against the budget and the goal', () => {
    expect(
      verdict(p95Row, [
        ['PGlite', 80],
        ['PostgreSQL', 90],
      ]),
    ).toBe('within budget, goal met');
    expect(
      verdict(p95Row, [
        ['PGlite', 150],
        ['PostgreSQL', 90],
      ]),
    ).toBe('within budget, goal missed (PGlite)');
    expect(
      verdict(p95Row, [
        ['PGlite', 200],
        ['PostgreSQL', undefined],
      ]),
    ).toBe('OVER BUDGET (PGlite), goal missed (PGlite)');
    const orEqual: RowSpec = {
      figure: 'js',
      unit: 'KB',
      budget: { max: 300, text: '<= 300 KB', orEqual: true },
    };
    expect(verdict(orEqual, [['PGlite', 300]])).toBe('within budget');
  });

  it('prints ratios B/A', () => {
    expect(ratio(100, 50)).toBe('0.50x');
    expect(ratio(0, 50)).toBe('-');
    expect(ratio(100, 'not sent')).toBe('-');
  });

  it('lays out one row per figure, a column per back end, and what was not measured', () => {
    const results = new Results(['PGlite', 'PostgreSQL'], ['A', 'B']);
    const unmeasured: RowSpec = { figure: 'render p95', unit: 'ms' };
    const later: RowSpec = { figure: 'rss', unit: 'MB' };
    results.declare([p95Row, unmeasured, later]);
    results.set(later, 'PGlite', 0, 250);
    results.setAll(p95Row, 'PGlite', [120, 60]);
    results.set(p95Row, 'PostgreSQL', 0, 40);
    results.skip('proxy latency', 'upstream mode is not built');
    const lines = results.format().split('\n');
    expect(lines[0]).toMatch(/^figure\s+\| PGlite\s+\| PostgreSQL\s+\| budget\s+\| verdict \(A\)$/);
    expect(lines[2]).toContain('120.0 ms → 60.0 ms (B/A 0.50x)');
    expect(lines[2]).toContain('40.0 ms → - (B/A -)');
    expect(lines[2]).toContain('p95 < 200 ms; goal < 100 ms');
    expect(lines[2]).toContain('within budget, goal missed (PGlite)');
    expect(lines[3]).toMatch(/^rss\s+\| 250 MB → - \(B\/A -\)\s+\| -\s+\|/);
    expect(lines[4]).toBe('proxy latency: not measured: upstream mode is not built');
  });

  it('puts each field of every build’s figures in the row named for it', () => {
    const results = new Results(['PGlite'], ['A', 'B']);
    const p50: RowSpec = { figure: 'render p50', unit: 'ms' };
    const p95: RowSpec = { figure: 'render p95', unit: 'ms' };
    const timings: Timing[] = [
      { p50: 10, p95: 30, n: 5 },
      { p50: 20, p95: 90, n: 5 },
    ];
    results.setFields({ p50, p95 }, 'PGlite', timings);
    const lines = results.format().split('\n');
    expect(lines[2]).toMatch(/^render p50\s+\| 10\.0 ms → 20\.0 ms \(B\/A 2\.00x\)/);
    expect(lines[3]).toMatch(/^render p95\s+\| 30\.0 ms → 90\.0 ms \(B\/A 3\.00x\)/);
  });
});

describe('playbooks part', () => {
  it('asks for the runs list as the page does: last 7 days, newest 50, then by playbook and by status', () => {
    const paths = runListPaths(new Date('2026-01-08T12:00:00.000Z'), 'pb-1', 'failed');
    const list = new URL(paths.list, 'http://x/');
    expect(list.pathname).toBe('/api/db/playbook_runs');
    expect(list.searchParams.get('created_at')).toBe('gte.2026-01-01T12:00:00.000Z');
    expect(list.searchParams.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(list.searchParams.get('limit')).toBe('50');
    expect(list.searchParams.get('select')).toContain('playbook:playbook_id(id,name,title,icon)');
    expect(new URL(paths.byPlaybook, 'http://x/').searchParams.get('playbook_id')).toBe('eq.pb-1');
    expect(new URL(paths.byStatus, 'http://x/').searchParams.get('status')).toBe('eq.failed');
  });

  it('gives a queue its runs ended per second from the first POST, and the p95 delay to started', () => {
    const first = Date.parse('2026-01-01T00:00:00.000Z');
    const at = (ms: number) => new Date(first + ms).toISOString();
    const runs: QueuedRun[] = Array.from({ length: 20 }, (_, i) => ({
      status: i === 0 ? 'failed' : 'completed',
      created_at: at(i * 10),
      start_time: at(i * 10 + (i + 1) * 100), // delays 100..2,000 ms
      end_time: at(i === 19 ? 4_000 : i * 100 + 500),
    }));
    runs.push({
      status: 'running',
      created_at: at(300),
      start_time: at(400),
      end_time: null,
    });
    runs.push({
      status: 'pending',
      created_at: at(300),
      start_time: null,
      end_time: null,
    });
    const figures = queueFigures(runs, first);
    expect(figures.ended).toBe(20);
    expect(figures.notCompleted).toBe(1);
    expect(figures.perSecond).toBeCloseTo(5); // 20 runs in the 4 s to the last end
    expect(figures.started).toBe(21);
    expect(figures.startDelayP95).toBe(1_900);
    // Ended 500..2,120 ms after their POSTs, the last one 3,810 ms after its own.
    expect(figures.endDelayP95).toBe(2_120);
    expect(queueFigures([], first).perSecond).toBeNaN();
    expect(formatValue('rate', figures.perSecond)).toBe('5.0 /s');
  });

  it('fires calls a batch at a time, in order', async () => {
    let running = 0;
    let most = 0;
    const done = await inBatches(7, 3, async (i) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      return i;
    });
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
  });
});

describe('notifications part', () => {
  it('has each failure pass the filter of exactly one rule of 100, by name pattern and namespace', () => {
    expect(ruleFilter(7)).toBe("canary.namespace == 'bench-ns-7' && check.name.endsWith('07')");
    const passes = (rule: number, n: number) =>
      namespaceOf(n) === `bench-ns-${rule % 10}` && checkName(n).endsWith(String(rule).padStart(2, '0'));
    for (const n of [0, 1, 9, 10, 99, 100, 4321]) {
      const matching = Array.from({ length: 100 }, (_, rule) => rule).filter((rule) => passes(rule, n));
      expect(matching).toEqual([ruleOf(n)]);
    }
  });

  it('asks for the send history as the page does: newest 50, then by status, resource type and both', () => {
    const paths = historyPaths('error', 'config');
    expect(paths.default).toMatch(/^api\/db\/notification_send_history_summary\?select=id%2Cnotification_id/);
    expect(paths.default).toContain('&order=created_at.desc,id.asc&offset=0&limit=50');
    expect(paths.status).toBe(`${paths.default}&status=eq.error`);
    expect(paths.resourceType).toBe(`${paths.default}&resource_type=eq.config`);
    expect(paths.both).toBe(`${paths.default}&status=eq.error&resource_type=eq.config`);
  });

  it('times each failure from its commit to its first webhook, and the rate from the first commit to the last', () => {
    const committed = new Map([
      ['bench-check-100', 1000],
      ['bench-check-101', 1000],
      ['bench-check-102', 2000],
    ]);
    const figures = delayFigures(committed, [
      { check: checkOfTitle('bench-check-101 has failed'), at: 1500 },
      { check: checkOfTitle('bench-check-100 has failed'), at: 1100 },
      { check: checkOfTitle('bench-check-101 has failed'), at: 9000 },
      { check: checkOfTitle('something else'), at: 9500 },
      { check: checkOfTitle('bench-check-102 has failed'), at: 3000 },
    ]);
    expect(figures).toEqual({ received: 3, perSecond: 1.5, p50: 500, p95: 1000 });
    expect(delayFigures(committed, []).perSecond).toBeNaN();
  });
});
