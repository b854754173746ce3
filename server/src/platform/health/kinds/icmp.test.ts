import { pingStatistics } from './icmp.js';

describe('pingStatistics', () => {
  it("reads iputils' summary", () => {
    const output = `--- 10.0.0.1 ping statistics ---
4 packets transmitted, 3 received, 25% packet loss, time 603ms
rtt min/avg/max/mdev = 0.031/0.045/0.060/0.012 ms`;
    expect(pingStatistics(output)).toEqual({ sent: 4, received: 3, lossPercent: 25, averageMs: 0.045 });
  });

  it('has no average when nothing answered, and nothing without a summary', () => {
    expect(pingStatistics('2 packets transmitted, 0 received, 100% packet loss, time 1001ms')).toEqual({
      sent: 2,
      received: 0,
      lossPercent: 100,
      averageMs: undefined,
    });
    expect(pingStatistics('ping: unknown host')).toBeUndefined();
  });
});
