import { checkStart, configExcerpt, logLines, selectedLineNumbers } from './evidence-payload.js';

const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
const shown = (rows: ReturnType<typeof configExcerpt>) =>
  rows.map((row) => (row.kind === 'gap' ? '…' : `${row.number}${row.selected ? '*' : ''}`));

describe('configExcerpt', () => {
  it('shows each selected line with 3 lines of context and marks where lines are left out', () => {
    const rows = configExcerpt({ evidence: { lines, selected_lines: { '8': 'line 8', '17': 'line 17' } } });
    expect(shown(rows)).toEqual([
      '…',
      '5',
      '6',
      '7',
      '8*',
      '9',
      '10',
      '11',
      '…',
      '14',
      '15',
      '16',
      '17*',
      '18',
      '19',
      '20',
    ]);
  });

  it('joins the context of selected lines that are close together', () => {
    const rows = configExcerpt({ evidence: { lines, selected_lines: { '2': 'line 2', '6': 'line 6' } } });
    expect(shown(rows)).toEqual(['1', '2*', '3', '4', '5', '6*', '7', '8', '9', '…']);
  });

  it('shows every line when none is selected, and nothing without lines', () => {
    expect(configExcerpt({ evidence: { lines: ['a', 'b'] } })).toHaveLength(2);
    expect(configExcerpt({ evidence: null })).toEqual([]);
  });

  it('reads selected lines kept as a list of numbers too', () => {
    expect(selectedLineNumbers({ evidence: { selected_lines: [3, '1', 'x'] } })).toEqual([1, 3]);
  });
});

describe('checkStart', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  it('reads a span back, a now- expression and an absolute time', () => {
    expect(checkStart({ evidence: { start: '-24h' } }, now)).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(checkStart({ evidence: { start: 'now-1h' } }, now)).toEqual(new Date('2026-01-01T23:00:00Z'));
    expect(checkStart({ evidence: { start: '2025-12-31T12:00:00Z' } }, now)).toEqual(
      new Date('2025-12-31T12:00:00Z'),
    );
    expect(checkStart({ evidence: {} }, now)).toBeUndefined();
  });
});

describe('logLines', () => {
  it('reads lines as objects or plain text', () => {
    expect(
      logLines({ evidence: { lines: [{ timestamp: 't', message: 'boom', labels: { pod: 'a' } }, 'plain'] } }),
    ).toEqual([
      { timestamp: 't', message: 'boom', labels: { pod: 'a' } },
      { message: 'plain', labels: {} },
    ]);
  });
});
