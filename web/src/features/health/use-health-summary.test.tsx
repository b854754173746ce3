import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { FreshSwr } from '../../shell/test-support.js';
import { summaryPath } from './first-load.js';
import { useHealthSummary } from './use-health-summary.js';

const realFetch = globalThis.fetch;
let requests: { url: string; signal: AbortSignal }[];

beforeEach(() => {
  requests = [];
  // Requests that never answer, so every one is still running when the next starts.
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init!.signal!;
    requests.push({ url: String(input), signal });
    return new Promise<Response>((_resolve, reject) =>
      signal.addEventListener('abort', () =>
        reject(new DOMException('The request was aborted', 'AbortError')),
      ),
    );
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The browser's EventSource, reduced to what the live stream uses; events are sent by hand. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data?: unknown) {
    this.dispatchEvent(Object.assign(new Event(name), { data: JSON.stringify(data) }));
  }
}

describe('useHealthSummary', () => {
  it('asks for the summary of the time range', () => {
    expect(summaryPath('2d')).toBe('api/canary/api/summary?start=2d');
  });

  it('aborts a request that a refresh overtakes, without reporting an error', async () => {
    const { result } = renderHook(() => useHealthSummary('1h', 0), { wrapper: FreshSwr });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toContain('api/canary/api/summary?start=1h');
    act(() => result.current.refresh());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.signal.aborted).toBe(false);
    expect(result.current.error).toBeUndefined();
  });

  it('aborts the request for the previous range and the running one on unmount', async () => {
    const { rerender, unmount } = renderHook(({ range }) => useHealthSummary(range, 0), {
      wrapper: FreshSwr,
      initialProps: { range: '1h' },
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    rerender({ range: '2d' });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.url).toContain('start=2d');
    expect(requests[0]!.signal.aborted).toBe(true);
    unmount();
    expect(requests[1]!.signal.aborted).toBe(true);
  });
});

describe('useHealthSummary with the live stream', () => {
  beforeEach(() => {
    (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => {
    delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
  });

  it('loads again when a check passes or fails', async () => {
    const { unmount } = renderHook(() => useHealthSummary('1h', 0), { wrapper: FreshSwr });
    await waitFor(() => expect(requests).toHaveLength(1));
    const source = FakeEventSource.last!;
    expect(source.url).toMatch(/api\/events$/);
    act(() => source.emit('open'));
    act(() => source.emit('config.updated', { seq: 1, name: 'config.updated', ids: { id: 'k' } }));
    act(() => source.emit('check.failed', { seq: 2, name: 'check.failed', ids: { id: 'c' } }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.url).toContain('api/canary/api/summary?start=1h');
    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
