/**
 * A recording tap between two consoles: passes each request to the platform's port as it is,
 * streams included, and keeps its method, URL and headers, to show what leaves the front.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** Passes each request to the platform's port as it is, streams included, and records it. */
export class Tap {
  readonly seen: Seen[] = [];
  private server = http.createServer((req, res) => {
    this.seen.push({ method: req.method!, url: req.url!, headers: { ...req.headers } });
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: this.platformPort(),
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  port = 0;

  constructor(private readonly platformPort: () => number) {}

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Nothing answers at its address any more, as when the platform is gone. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The platform's requests for paths starting so (below the platform's /api). */
  to(prefix: string): Seen[] {
    return this.seen.filter((request) => request.url.startsWith(`/api${prefix}`));
  }
}
