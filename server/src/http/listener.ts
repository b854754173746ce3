import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EarlyListener {
  server: http.Server;
  port: number;
  /** From now on requests go to the app. */
  serve(app: http.RequestListener): void;
}

/**
 * How long an idle kept-alive connection stays open: longer than the proxies in front of the
 * console keep theirs (ingress-nginx and cloud load balancers: 60 s), so the proxy always closes
 * first. With Node's 5 s, a proxy (or a client) could send a request on a connection the server
 * was closing that moment: a reset, a 502 for the user.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Takes the port before anything else starts, so a port in use stops the start before the
 * database is created or touched. Until the app is handed over, requests get 503.
 */
export async function listenEarly(port: number): Promise<EarlyListener> {
  let handler: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }).end('starting');
  };
  const server = http.createServer(
    { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 },
    (req, res) => handler(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(port);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    serve: (app) => (handler = app),
  };
}
