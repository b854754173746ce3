import { groupHealth, healthColor } from './health.js';

describe('healthColor', () => {
  it.each([
    ['degraded', 'red'],
    ['missing', 'red'],
    ['unhealthy', 'red'],
    ['Unhealthy', 'red'],
    ['unknown', 'grey'],
    ['SUSPENDED', 'grey'],
    ['warning', 'orange'],
    ['warn', 'orange'],
    ['Mixed', 'orange'],
    ['healthy', 'green'],
    ['running', 'green'],
  ])('%p is %p', (status, color) => {
    expect(healthColor(status)).toBe(color);
  });

  it('is green for anything else, including no status and object property names', () => {
    expect(healthColor(undefined)).toBe('green');
    expect(healthColor(null)).toBe('green');
    expect(healthColor('')).toBe('green');
    expect(healthColor('constructor')).toBe('green');
  });
});

describe('groupHealth', () => {
  it('is healthy when every member is healthy', () => {
    expect(groupHealth(['healthy', 'Healthy'])).toBe('healthy');
  });

  it('is unhealthy when every member is unhealthy', () => {
    expect(groupHealth(['unhealthy', 'unhealthy'])).toBe('unhealthy');
  });

  it('is mixed otherwise', () => {
    expect(groupHealth(['healthy', 'unhealthy'])).toBe('mixed');
    expect(groupHealth(['healthy', 'unknown'])).toBe('mixed');
  });

  it('treats an empty group as healthy', () => {
    expect(groupHealth([])).toBe('healthy');
  });
});
