import { clickLine, configLinesEvidence, readSelectedLines, writeSelectedLines } from './line-selection.js';

describe('line selection', () => {
  it('reads repeated selected parameters as sorted, distinct line numbers', () => {
    const params = new URLSearchParams('selected=7&selected=2&selected=x&selected=2&selected=0&selected=90');
    expect(readSelectedLines(params)).toEqual([2, 7, 90]);
    expect(readSelectedLines(params, 10)).toEqual([2, 7]);
  });

  it('writes the selection as repeated parameters and keeps the others', () => {
    const params = writeSelectedLines(new URLSearchParams('tab=x&selected=1'), [5, 3]);
    expect(params.toString()).toBe('tab=x&selected=3&selected=5');
    expect(writeSelectedLines(params, []).toString()).toBe('tab=x');
  });

  it('toggles a clicked line and adds a shift-clicked range from the last click', () => {
    expect(clickLine([], 4, { shift: false })).toEqual([4]);
    expect(clickLine([2, 4], 4, { shift: false })).toEqual([2]);
    expect(clickLine([4], 7, { anchor: 4, shift: true })).toEqual([4, 5, 6, 7]);
    expect(clickLine([9], 3, { anchor: 5, shift: true })).toEqual([3, 4, 5, 9]);
    // Without an earlier click a shift-click is a click.
    expect(clickLine([], 3, { shift: true })).toEqual([3]);
  });

  it('makes config evidence of all lines and the selected ones by 1-based number', () => {
    const config = { id: 'c1', name: 'orders', type: 'Kubernetes::Pod' };
    expect(configLinesEvidence(config, ['{', '  "a": 1', '}'], [2, 9])).toEqual({
      id: 'c1',
      configName: 'orders',
      configType: 'Kubernetes::Pod',
      lines: ['{', '  "a": 1', '}'],
      selected_lines: { '2': '  "a": 1' },
    });
  });
});
