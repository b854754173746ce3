import { lastRange } from '../../lib/time-range/index.js';
import { DEFAULT_LOGS_RANGE, logsParams, setComponentParam, setRangeParams } from './logs-params.js';

describe('logs params', () => {
  it('reads the component, selector, text and range of a link, the last hour by default', () => {
    expect(logsParams(new URLSearchParams())).toEqual({ query: '', range: DEFAULT_LOGS_RANGE });
    expect(DEFAULT_LOGS_RANGE.from).toBe('now-1h');
    const params = logsParams(new URLSearchParams('topologyId=c1&logsSelector=app&query=err&start=now-6h'));
    expect(params).toMatchObject({ componentId: 'c1', selector: 'app', query: 'err' });
    expect(params.range).toMatchObject({ from: 'now-6h', to: 'now', display: 'Last 6 hours' });
  });

  it('takes an age as the API writes it, and falls back to the default for nonsense', () => {
    expect(logsParams(new URLSearchParams('start=2d')).range).toMatchObject({ from: 'now-2d', to: 'now' });
    expect(logsParams(new URLSearchParams('start=yesterday-ish')).range).toEqual(DEFAULT_LOGS_RANGE);
  });

  it('writes the range without its defaults, and forgets the selector of another component', () => {
    const params = new URLSearchParams('topologyId=c1&logsSelector=app&start=now-6h');
    setRangeParams(params, DEFAULT_LOGS_RANGE);
    expect(params.has('start')).toBe(false);
    setRangeParams(params, lastRange('2d'));
    expect(params.get('start')).toBe('now-2d');
    expect(params.has('end')).toBe(false);
    setRangeParams(params, { type: 'relative', from: 'now-3h', to: 'now-1h', display: '' });
    expect([params.get('start'), params.get('end')]).toEqual(['now-3h', 'now-1h']);
    setComponentParam(params, 'c2');
    expect(params.get('topologyId')).toBe('c2');
    expect(params.has('logsSelector')).toBe(false);
  });
});
