import { act, render, screen, waitFor } from '@testing-library/react';
import { EventSource as NodeEventSource } from 'eventsource';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FALLBACK_POLL_MS, useLivePollInterval, useLiveRevalidate } from './live-hooks.js';
import { LiveEvents, type PlatformEvent } from './live.js';

// jsdom has no EventSource; the browser's is standard, and so is this one (over Node's fetch).
(globalThis as unknown as { EventSource: unknown }).EventSource = NodeEventSource;

/** A stand-in for GET api/events under the console's sub-path. */
let server: http.Server;
let base: string;
let refuse = false;
const streams = new Set<http.ServerResponse>();
const requested: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    if (req.url !== '/console/api/events' || refuse) {
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"restarting"}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('retry: 50\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/console/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  document.head.innerHTML = `<base href="${base}">`;
  refuse = false;
  requested.length = 0;
});

let seq = 0;
const event = (name: string, id: string): PlatformEvent => ({ seq: ++seq, name, ids: { id } });
function send(message: PlatformEvent | 'reset') {
  const text =
    message === 'reset'
      ? 'event: reset\nid:\ndata: {}\n\n'
      : `id: ${message.seq}\nevent: ${message.name}\ndata: ${JSON.stringify(message)}\n\n`;
  for (const res of streams) res.write(text);
}
const endStreams = () => {
  for (const res of streams) res.end();
};

describe('LiveEvents', () => {
  it('opens one stream under the base path while something listens, and passes on the events asked for', async () => {
    const live = new LiveEvents();
    const checks: (PlatformEvent | null)[] = [];
    const configs: (PlatformEvent | null)[] = [];
    const stopChecks = live.subscribe(['check.failed', 'check.passed'], (e) => checks.push(e));
    const stopConfigs = live.subscribe(['config.updated'], (e) => configs.push(e));
    await waitFor(() => expect(live.isConnected()).toBe(true));
    expect(requested).toEqual(['/console/api/events']);
    expect(streams.size).toBe(1);

    const failed = event('check.failed', 'c1');
    const updated = event('config.updated', 'k1');
    send(failed);
    send(event('component.unhealthy', 'x1'));
    send(updated);
    send('reset');
    await waitFor(() => expect(configs).toEqual([updated, null]));
    expect(checks).toEqual([failed, null]);

    stopChecks();
    expect(streams.size).toBe(1);
    stopConfigs();
    expect(live.isConnected()).toBe(false);
    await waitFor(() => expect(streams.size).toBe(0));
  });

  it('reconnects by itself after the connection drops, and asks for everything again', async () => {
    const live = new LiveEvents();
    const got: (PlatformEvent | null)[] = [];
    const stop = live.subscribe(['check.failed'], (e) => got.push(e));
    await waitFor(() => expect(streams.size).toBe(1));
    endStreams();
    await waitFor(() => expect(got).toEqual([null]));
    expect(live.isConnected()).toBe(true);
    const failed = event('check.failed', 'c2');
    send(failed);
    await waitFor(() => expect(got).toEqual([null, failed]));
    stop();
  });

  it('opens the stream again after the server refused it', async () => {
    refuse = true;
    const live = new LiveEvents('api/events', { reopenAfterMs: 20 });
    const stop = live.subscribe(['check.failed'], () => {});
    await waitFor(() => expect(requested.length).toBeGreaterThanOrEqual(2));
    expect(live.isConnected()).toBe(false);
    refuse = false;
    await waitFor(() => expect(live.isConnected()).toBe(true));
    stop();
  });
});

describe('the live hooks', () => {
  function Checks({ live, onRevalidate }: { live: LiveEvents; onRevalidate: () => Promise<void> }) {
    const pollMs = useLivePollInterval(60_000, live);
    useLiveRevalidate(['check.failed'], onRevalidate, { events: live, matches: (e) => e.ids.id === 'mine' });
    return <p>poll every {pollMs}</p>;
  }

  it('revalidate on the events that touch them, poll only while the stream is down', async () => {
    const live = new LiveEvents();
    let revalidations = 0;
    let finish: () => void = () => {};
    const revalidate = () => {
      revalidations += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const heard: (PlatformEvent | null)[] = [];
    const stopHearing = live.subscribe(['check.failed'], (e) => heard.push(e));
    const view = render(<Checks live={live} onRevalidate={revalidate} />);
    expect(screen.getByText(`poll every ${FALLBACK_POLL_MS}`)).toBeInTheDocument();
    await screen.findByText('poll every 60000');

    send(event('check.failed', 'other'));
    send(event('check.failed', 'mine'));
    await waitFor(() => expect(revalidations).toBe(1));
    // Two more while the first runs: one more run after it, not two.
    send(event('check.failed', 'mine'));
    send(event('check.failed', 'mine'));
    await waitFor(() => expect(heard).toHaveLength(4));
    expect(revalidations).toBe(1);
    await act(async () => finish());
    await waitFor(() => expect(revalidations).toBe(2));
    await act(async () => finish());

    view.unmount();
    stopHearing();
    await waitFor(() => expect(streams.size).toBe(0));
  });
});
