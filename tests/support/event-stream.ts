/**
 * A reader of the live-update stream (GET api/events) for integration tests: opens it as a
 * caller, parses what arrives as it arrives, and lets a test wait for a message or a heartbeat.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { PlatformEvent } from '../../server/src/platform/events/types.js';
import type { Caller, TestServer } from './server.js';

export class EventStreamReader {
  readonly messages: EventSourceMessage[] = [];
  comments = 0;
  /** Set when the server ended the stream. */
  ended = false;
  private waiters: (() => void)[] = [];
  private readonly abort = new AbortController();

  private constructor(readonly response: Response) {}

  /** Opens the stream; resolves once the response head is in (the stream is subscribed). */
  static async open(
    server: Pick<TestServer, 'fetch'>,
    as: Caller = 'admin',
    options: { lastEventId?: string; headers?: Record<string, string> } = {},
  ): Promise<EventStreamReader> {
    const headers = new Headers(options.headers);
    if (options.lastEventId !== undefined) headers.set('Last-Event-ID', options.lastEventId);
    const controller = new AbortController();
    const response = await server.fetch('api/events', { headers, signal: controller.signal }, as);
    const reader = new EventStreamReader(response);
    reader.abort.signal.addEventListener('abort', () => controller.abort());
    if (response.ok && response.body) void reader.pump(response.body);
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = createParser({
      onEvent: (message) => this.messages.push(message),
      onComment: () => (this.comments += 1),
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        this.wake();
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves when the condition holds; rechecked after every chunk that arrives. */
  async until<T>(condition: () => T | undefined | false): Promise<T> {
    for (;;) {
      const value = condition();
      if (value !== undefined && value !== false) return value;
      if (this.ended) throw new Error(`stream ended; received: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The platform events received so far. */
  get events(): (PlatformEvent & { sseId: string | undefined })[] {
    return this.messages
      .filter((message) => message.event !== 'reset')
      .map((message) => ({ ...(JSON.parse(message.data) as PlatformEvent), sseId: message.id }));
  }

  /** Waits for a platform event of this name about this row. */
  eventAbout(name: string, id: string): Promise<PlatformEvent & { sseId: string | undefined }> {
    return this.until(() => this.events.find((event) => event.name === name && event.ids.id === id));
  }

  close(): void {
    this.abort.abort();
  }
}
