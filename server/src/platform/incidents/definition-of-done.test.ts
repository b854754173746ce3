import { DOD_SCRIPT_SAMPLES } from '../../../../common/dod-scripts.js';
import { dodVariables, evaluateDodItem, type DodItem } from './definition-of-done.js';

const NOW = new Date('2026-03-02T10:30:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const item = (overrides: Partial<DodItem>): DodItem => ({
  id: 'e1',
  type: 'topology',
  description: 'the gateway',
  script: 'true',
  ...overrides,
});

const sample = (key: string) => DOD_SCRIPT_SAMPLES.find((s) => s.key === key)!.script;

describe('the variables of a definition-of-done script', () => {
  it('exposes a topology evidence as component and topology', () => {
    const vars = dodVariables(item({ component: { id: 'c1', name: 'gateway', status: 'healthy' } }), NOW);
    expect(vars.component).toMatchObject({ id: 'c1', name: 'gateway', status: 'healthy', health: 'unknown' });
    expect(vars.topology).toBe(vars.component);
    expect(vars.check).toBeUndefined();
  });

  it('gives a check its status, last run and age since that run', () => {
    const at = (k: Record<string, unknown>) =>
      evaluateDodItem(item({ type: 'check', script: sample('check-health-and-age'), check: k }), NOW).done;
    expect(at({ id: 'k1', name: 'ping', status: 'healthy', last_runtime: minutesAgo(2) })).toBe(true);
    expect(at({ id: 'k1', name: 'ping', status: 'healthy', last_runtime: minutesAgo(30) })).toBe(false);
    expect(at({ id: 'k1', name: 'ping', status: 'unhealthy', last_runtime: minutesAgo(2) })).toBe(false);
    expect(at({ id: 'k1', name: 'ping', status: null, last_runtime: null })).toBe(false);
  });

  it('runs the three samples against their targets', () => {
    const component = { id: 'c1', name: 'gateway', status: 'healthy' };
    expect(evaluateDodItem(item({ script: sample('component-health'), component }), NOW)).toMatchObject({
      done: true,
      outcome: { result: true, evaluated_at: NOW.toISOString() },
    });
    const analysis = { id: 'a1', analyzer: 'trivy', status: 'open' };
    expect(
      evaluateDodItem(
        item({ type: 'config_analysis', script: sample('analysis-resolved'), config_analysis: analysis }),
        NOW,
      ).done,
    ).toBe(false);
  });

  it('records an error instead of a verdict when the script fails or gives no boolean', () => {
    expect(evaluateDodItem(item({ script: 'component.status ==' }), NOW)).toEqual({
      outcome: { error: expect.stringMatching(/^script cannot be read: /), evaluated_at: NOW.toISOString() },
    });
    expect(evaluateDodItem(item({ script: 'component.status == "healthy"' }), NOW).outcome.error).toMatch(
      /^script failed: /,
    );
    expect(evaluateDodItem(item({ script: '1 + 1' }), NOW)).toMatchObject({
      outcome: { result: 2, error: 'script gave 2, not true or false' },
    });
  });
});
