import { agentStatus, msUntilOffline, ONLINE_WITHIN_MS } from './agent-status.js';

const now = Date.parse('2024-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('agentStatus', () => {
  it('is Online while the last ping is at most 61 s old, Offline after', () => {
    expect(ONLINE_WITHIN_MS).toBe(61_000);
    expect(agentStatus(ago(0), now)).toBe('Online');
    expect(agentStatus(ago(61_000), now)).toBe('Online');
    expect(agentStatus(ago(61_001), now)).toBe('Offline');
    expect(agentStatus(ago(3_600_000), now)).toBe('Offline');
  });

  it('is Online for a ping a little ahead of the browser clock', () => {
    expect(agentStatus(ago(-5_000), now)).toBe('Online');
  });

  it('is nothing for an agent never seen', () => {
    expect(agentStatus(null, now)).toBeUndefined();
    expect(agentStatus('', now)).toBeUndefined();
    expect(agentStatus('not a date', now)).toBeUndefined();
  });
});

describe('msUntilOffline', () => {
  it('is the time left until the threshold has passed', () => {
    expect(msUntilOffline(ago(60_000), now)).toBe(1_001);
    expect(msUntilOffline(ago(61_001), now)).toBeUndefined();
    expect(msUntilOffline(null, now)).toBeUndefined();
  });
});
