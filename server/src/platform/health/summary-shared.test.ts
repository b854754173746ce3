import { sharedSummaries } from './summary-shared.js';

/** A computation the test ends when it likes, counting how often it was started. */
function held() {
  let started = 0;
  const finishers: ((value: string) => void)[] = [];
  let seen: AbortSignal | undefined;
  const compute = (signal: AbortSignal) => {
    started++;
    seen = signal;
    return new Promise<string>((resolve, reject) => {
      finishers.push(resolve);
      signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
    });
  };
  return {
    compute,
    /** Ends the latest computation, or the one started `k`-th (from 0). */
    finish: (value: string, k = finishers.length - 1) => finishers[k]!(value),
    started: () => started,
    signal: () => seen!,
  };
}

const live = () => new AbortController().signal;

describe('sharedSummaries', () => {
  it('computes identical summaries asked for at once one time, and both get the answer', async () => {
    const summaries = sharedSummaries();
    const work = held();
    const first = summaries.share('1h', live(), work.compute);
    const second = summaries.share('1h', live(), work.compute);
    work.finish('answer');
    await expect(Promise.all([first, second])).resolves.toEqual(['answer', 'answer']);
    expect(work.started()).toBe(1);
  });

  it('computes different summaries apart, and the same one again once it is answered', async () => {
    const summaries = sharedSummaries();
    const hour = held();
    const day = held();
    const a = summaries.share('1h', live(), hour.compute);
    const b = summaries.share('1d', live(), day.compute);
    hour.finish('hour');
    day.finish('day');
    await expect(Promise.all([a, b])).resolves.toEqual(['hour', 'day']);
    const again = summaries.share('1h', live(), hour.compute);
    hour.finish('later');
    await expect(again).resolves.toBe('later');
    expect(hour.started()).toBe(2);
  });

  it('does not share a summary started before a write with one asked for after it', async () => {
    const summaries = sharedSummaries();
    const work = held();
    const before = summaries.share('1h', live(), work.compute);
    summaries.forget();
    const after = summaries.share('1h', live(), work.compute);
    work.finish('before the write', 0);
    work.finish('after the write', 1);
    await expect(before).resolves.toBe('before the write');
    await expect(after).resolves.toBe('after the write');
    expect(work.started()).toBe(2);
  });

  it('keeps computing for the callers still waiting when one goes away, and cancels when all have', async () => {
    const summaries = sharedSummaries();
    const work = held();
    const leaving = new AbortController();
    const left = summaries.share('1h', leaving.signal, work.compute);
    const staying = summaries.share('1h', live(), work.compute);
    leaving.abort(new Error('gone'));
    await expect(left).rejects.toThrow('gone');
    expect(work.signal().aborted).toBe(false);
    work.finish('answer');
    await expect(staying).resolves.toBe('answer');

    const alone = new AbortController();
    const lone = summaries.share('1d', alone.signal, work.compute);
    alone.abort(new Error('gone too'));
    await expect(lone).rejects.toThrow('gone too');
    expect(work.signal().aborted).toBe(true);
    // A caller after the cancel starts afresh rather than join the cancelled computation.
    const next = summaries.share('1d', live(), work.compute);
    work.finish('fresh');
    await expect(next).resolves.toBe('fresh');
  });
});
