import { lineTime } from './line-time.js';

const NOW = Date.parse('2026-06-11T12:00:00Z');

describe('lineTime', () => {
  it.each([
    ['2026-06-11T10:00:00.123Z GET /', '2026-06-11T10:00:00.123Z', 'GET /'],
    ['2026-06-11 10:00:00,5 INFO started', '2026-06-11T10:00:00.500Z', 'INFO started'],
    ['[2026-06-11T12:00:00+02:00] warn', '2026-06-11T10:00:00.000Z', 'warn'],
    ['2026-06-11T10:00:00.123456789Z nanos', '2026-06-11T10:00:00.123456789Z', 'nanos'],
    ['Jun 11 10:00:00 host sshd[1]: ok', '2026-06-11T10:00:00.000Z', 'host sshd[1]: ok'],
    ['Dec 31 23:00:00 host cron: last year', '2025-12-31T23:00:00.000Z', 'host cron: last year'],
    [
      '10.0.0.1 - - [11/Jun/2026:10:00:00 +0000] "GET / HTTP/1.1" 200',
      '2026-06-11T10:00:00.000Z',
      '10.0.0.1 - - [11/Jun/2026:10:00:00 +0000] "GET / HTTP/1.1" 200',
    ],
  ])('reads %s', (line, timestamp, message) => {
    expect(lineTime(line, NOW)).toMatchObject({ timestamp, message });
  });

  it('finds no time in a line that starts without one', () => {
    expect(lineTime('    at Object.<anonymous> (index.js:1:1)', NOW)).toBeUndefined();
  });
});
