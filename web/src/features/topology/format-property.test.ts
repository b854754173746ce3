import { formatBytes, formatProperty, shortAmount } from './format-property.js';

describe('formatProperty', () => {
  it('shows usage as a percentage of the max, red above 70 %', () => {
    expect(formatProperty({ name: 'cpu', value: 700, max: 1000, unit: 'millicores' })).toMatchObject({
      text: '70%',
      high: false,
      detail: '0.70 cores of 1.00 cores',
    });
    expect(formatProperty({ name: 'cpu', value: 710, max: 1000 })).toMatchObject({ text: '71%', high: true });
  });

  it('shortens currency above 1000 to k', () => {
    expect(formatProperty({ name: 'cost', value: 1500, type: 'currency' }).text).toBe('$1.5k');
    expect(formatProperty({ name: 'cost', value: 1000, unit: 'USD' }).text).toBe('$1000');
    expect(formatProperty({ name: 'cost', value: 12.345, unit: 'EUR' }).text).toBe('€12.3');
    expect(shortAmount(0.5)).toBe('0.50');
  });

  it('formats bytes, millicores and durations; a text as it is', () => {
    expect(formatProperty({ name: 'mem', value: 1536, unit: 'bytes' }).text).toBe('1.5 KB');
    expect(formatProperty({ name: 'cpu', value: 250, unit: 'millicores' }).text).toBe('0.25 cores');
    expect(formatProperty({ name: 'latency', value: 1250, unit: 'milliseconds' }).text).toBe('1.25s');
    expect(formatProperty({ name: 'region', text: 'eu-west-1' }).text).toBe('eu-west-1');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
