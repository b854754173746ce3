import { disabledFeatures } from './features.js';

const flags = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('feature flags', () => {
  it('turns a feature off only when its flag says true', () => {
    expect(disabledFeatures(flags({}))).toEqual([]);
    expect(disabledFeatures(flags({ 'incidents.disable': 'false', 'logs.disable': 'yes' }))).toEqual([]);
    expect(disabledFeatures(flags({ 'incidents.disable': 'true' }))).toEqual(['incidents']);
    expect(disabledFeatures(flags({ 'settings.users.disable': ' TRUE ' }))).toEqual(['settings.users']);
  });

  it('ignores properties that are not feature flags', () => {
    expect(
      disabledFeatures(flags({ 'check.status.retention.days': 'true', 'unknown.disable': 'true' })),
    ).toEqual([]);
  });

  it('turns the settings page of an area off with the area, whatever its own flag says', () => {
    expect(disabledFeatures(flags({ 'health.disable': 'true', 'settings.health.disable': 'false' }))).toEqual(
      ['health', 'settings.health'],
    );
    expect(disabledFeatures(flags({ 'config.disable': 'true' }))).toEqual([
      'config',
      'settings.config_scraper',
    ]);
    expect(disabledFeatures(flags({ 'topology.disable': 'true' }))).toEqual([
      'topology',
      'settings.topology',
    ]);
  });

  it('keeps job history while any of health, topology or config is on', () => {
    const two = flags({ 'health.disable': 'true', 'topology.disable': 'true' });
    expect(disabledFeatures(two)).not.toContain('settings.job_history');
    const three = flags({ 'health.disable': 'true', 'topology.disable': 'true', 'config.disable': 'true' });
    expect(disabledFeatures(three)).toContain('settings.job_history');
  });
});
