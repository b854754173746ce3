import {
  DEFAULT_JOB_STATUS,
  filtersFromParams,
  formatToggles,
  parseToggles,
  setToggleParam,
  statusesToRequest,
} from './job-history-params.js';

describe('job history URL filters', () => {
  it('reads and writes includes and excludes as value:1 and value:-1', () => {
    expect(parseToggles('FAILED:1,SUCCESS:-1')).toEqual({ FAILED: 1, SUCCESS: -1 });
    expect(formatToggles({ FAILED: 1, SUCCESS: -1 })).toBe('FAILED:1,SUCCESS:-1');
    // A job name holding a colon keeps it: the state is after the last one.
    expect(parseToggles('sync:nightly:1')).toEqual({ 'sync:nightly': 1 });
    expect(parseToggles('broken,:1,x:2,ok:-1')).toEqual({ ok: -1 });
  });

  it('defaults the status filter to SUCCESS excluded, and keeps a cleared one cleared', () => {
    expect(DEFAULT_JOB_STATUS).toBe('SUCCESS:-1');
    expect(filtersFromParams(new URLSearchParams()).statuses).toEqual({ SUCCESS: -1 });
    expect(filtersFromParams(new URLSearchParams('status=')).statuses).toEqual({});
    const params = new URLSearchParams();
    setToggleParam(params, 'status', {});
    expect(params.toString()).toBe('status=');
    setToggleParam(params, 'status', { SUCCESS: -1 });
    expect(params.has('status')).toBe(false);
    setToggleParam(params, 'name', { CanaryRun: 1 });
    expect(params.get('name')).toBe('CanaryRun:1');
    setToggleParam(params, 'name', {});
    expect(params.has('name')).toBe(false);
  });

  it('reads the run duration in milliseconds, ignoring what is not a positive whole number', () => {
    expect(filtersFromParams(new URLSearchParams('duration=60000')).minDurationMs).toBe(60000);
    expect(filtersFromParams(new URLSearchParams('duration=-5')).minDurationMs).toBeUndefined();
    expect(filtersFromParams(new URLSearchParams('duration=soon')).minDurationMs).toBeUndefined();
  });

  it('asks for the statuses left once the excluded ones are taken out', () => {
    expect(statusesToRequest({})).toBeUndefined();
    expect(statusesToRequest({ SUCCESS: -1 })).toEqual(['RUNNING', 'WARNING', 'FAILED', 'STOPPED']);
    expect(statusesToRequest({ FAILED: 1, WARNING: 1 })).toEqual(['FAILED', 'WARNING']);
    expect(statusesToRequest({ FAILED: 1, SUCCESS: -1 })).toEqual(['FAILED']);
  });
});
