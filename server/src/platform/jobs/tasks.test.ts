import { failureOf, resultOf, scheduleOf } from './tasks.js';

const run = async () => {};

describe('resultOf', () => {
  it('is SUCCESS for a run that reports nothing, WARNING for one that reports errors', () => {
    expect(resultOf(undefined)).toMatchObject({ status: 'SUCCESS', successCount: 0, errorCount: 0 });
    expect(resultOf({ successCount: 4, errors: ['a', 'b'] })).toMatchObject({
      status: 'WARNING',
      successCount: 4,
      errorCount: 2,
      errors: ['a', 'b'],
    });
    expect(resultOf({ status: 'FAILED', errorCount: 1 }).status).toBe('FAILED');
  });
});

describe('failureOf', () => {
  it('is FAILED with the error of a run that threw', () => {
    expect(failureOf(new Error('boom'), new AbortController().signal)).toEqual({
      status: 'FAILED',
      errorCount: 1,
      errors: ['boom'],
    });
  });

  it('is STOPPED with the reason when the run was stopped', () => {
    const controller = new AbortController();
    controller.abort(new Error('the jobs are stopping'));
    expect(failureOf(new Error('aborted'), controller.signal)).toMatchObject({
      status: 'STOPPED',
      errors: ['the jobs are stopping'],
    });
  });
});

describe('scheduleOf', () => {
  it('takes a schedule text or an interval, not both or neither', () => {
    const at = new Date('2024-06-11T10:00:00Z');
    expect(scheduleOf({ name: 't', every: 250, run }).next(at).getTime() - at.getTime()).toBe(250);
    expect(scheduleOf({ name: 't', schedule: '@every 1m', run }).next(at).getTime() - at.getTime()).toBe(
      60_000,
    );
    expect(() => scheduleOf({ name: 't', run })).toThrow('give a schedule or every');
    expect(() => scheduleOf({ name: 't', every: 1, schedule: '@hourly', run })).toThrow(
      'give a schedule or every',
    );
    expect(() => scheduleOf({ name: 't', schedule: 'now and then', run })).toThrow('is not a cron schedule');
  });
});
