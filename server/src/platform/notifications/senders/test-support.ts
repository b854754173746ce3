/**
 * For the senders' tests: a local HTTP receiver that records each request and answers as told
 * (the providers' own services cannot run in a test), and a real SMTP server.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { DeliveryError } from './types.js';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** When its body had arrived (epoch ms): the bench times deliveries by it. */
  at: number;
}

export interface Answer {
  status: number;
  body?: unknown;
  /** Waits this long before answering (a slow receiver). */
  delayMs?: number;
}

export interface Receiver {
  origin: string;
  received: Received[];
  /** The answer to requests whose path starts with `prefix` (default 200 `ok`). */
  answer(prefix: string, answer: Answer): void;
  reset(): void;
  close(): Promise<void>;
}

/** An http receiver, or an https one with `tls`'s certificate (a self-signed one in the tests). */
export async function startReceiver(tls?: { cert: string; key: string }): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const sockets = new Set<Socket>();
  const handle: http.RequestListener = (req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const path = req.url ?? '';
      received.push({ method: req.method ?? '', path, headers: req.headers, text, json, at: Date.now() });
      const prefix = [...answers.keys()]
        .filter((key) => path.startsWith(key))
        .sort((a, b) => b.length - a.length)[0];
      const answer = (prefix !== undefined && answers.get(prefix)) || { status: 200, body: 'ok' };
      const reply = () => {
        const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
        res.writeHead(answer.status, {
          'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
        });
        res.end(body);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
      else reply();
    });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (prefix, answer) => answers.set(prefix, answer),
    reset: () => {
      received.length = 0;
      answers.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
  user?: string;
  secure: boolean;
}

export interface MailServer {
  port: number;
  mails: Mail[];
  close(): Promise<void>;
}

/** A real SMTP server; `options` choose STARTTLS, authentication and so on. */
export async function startMailServer(options: SMTPServerOptions = {}): Promise<MailServer> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    ...options,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: typeof session.user === 'string' ? session.user : undefined,
          secure: session.secure,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The DeliveryError a delivery ends with; throws when it ends otherwise. */
export async function deliveryFailure(promise: Promise<unknown>): Promise<DeliveryError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DeliveryError) return error;
    throw error;
  }
  throw new Error('the delivery did not fail');
}
