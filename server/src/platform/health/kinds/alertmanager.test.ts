import { alertFilters } from './alertmanager.js';

describe('alertFilters', () => {
  it("turns the check's alerts, filters, ignore and exclude_filters into Alertmanager matchers", () => {
    expect(
      alertFilters({
        filters: { namespace: 'shop|pay' },
        alerts: ['Disk.*', 'KubePodCrashLooping'],
        ignore: ['Watchdog'],
        exclude_filters: { severity: 'none' },
      }),
    ).toEqual([
      'namespace=~"shop|pay"',
      'alertname=~"Disk.*|KubePodCrashLooping"',
      'alertname!~"Watchdog"',
      'severity!="none"',
    ]);
  });

  it('quotes values so a quote or backslash stays part of the value', () => {
    expect(alertFilters({ filters: { summary: 'say "hi"\\' } })).toEqual(['summary=~"say \\"hi\\"\\\\"']);
  });
});
