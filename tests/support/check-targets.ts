/**
 * Real servers for the check runner's suites, on 127.0.0.1: an HTTP(S) server with a few
 * behaviours, a TCP listener, a tiny UDP DNS server answering A records, and a self-signed
 * certificate made with openssl.
 */
import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import dnsPacket from 'dns-packet';

export interface Target {
  port: number;
  close(): Promise<void>;
}

interface HandlerState {
  flip: boolean;
  /** What /switch answers. */
  switchStatus: number;
}

/**
 * Paths: /ok, /fail (500), /slow?ms=N, /json, /hang (never answers), /flip (toggles 200 and
 * 503), /switch (200 until the test switches it).
 */
function handler(state: HandlerState): http.RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const reply = (code: number, body: string, type = 'text/plain') => {
      res.writeHead(code, { 'Content-Type': type });
      res.end(body);
    };
    switch (url.pathname) {
      case '/ok':
        return reply(200, 'all systems ok');
      case '/fail':
        return reply(500, 'boom');
      case '/slow':
        return void setTimeout(() => reply(200, 'slow but ok'), Number(url.searchParams.get('ms') ?? 300));
      case '/json':
        return reply(200, JSON.stringify({ status: 'ok', items: [1, 2, 3] }), 'application/json');
      case '/auth':
        return reply(
          req.headers.authorization === `Basic ${Buffer.from('ops:s3cret').toString('base64')}` ? 200 : 401,
          '',
        );
      case '/flip':
        state.flip = !state.flip;
        return reply(state.flip ? 200 : 503, state.flip ? 'up' : 'down');
      case '/switch':
        return reply(state.switchStatus, state.switchStatus < 400 ? 'up' : 'down');
      case '/hang':
        return; // never answers
      default:
        return reply(404, 'not found');
    }
  };
}

async function listen(server: net.Server): Promise<Target> {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        (server as http.Server).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export interface HttpTarget extends Target {
  /** What /switch answers from now on. */
  answerSwitchWith(status: number): void;
}

export async function startHttpTarget(): Promise<HttpTarget> {
  const state: HandlerState = { flip: false, switchStatus: 200 };
  const target = await listen(http.createServer(handler(state)));
  return { ...target, answerSwitchWith: (status) => void (state.switchStatus = status) };
}

export function startHttpsTarget(cert: { cert: string; key: string }): Promise<Target> {
  return listen(https.createServer(cert, handler({ flip: false, switchStatus: 200 })));
}

/** A self-signed certificate for CN=localhost valid for `days`; undefined (with the reason) without openssl. */
export function selfSignedCertificate(days: number): { cert: string; key: string } | { skip: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        String(days),
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    return {
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } catch (error) {
    return { skip: `openssl could not make a certificate: ${(error as Error).message}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A TCP port that accepts connections. */
export function startTcpListener(): Promise<Target> {
  return listen(net.createServer((socket) => socket.end()));
}

/** A UDP DNS server answering A queries for the names given; other names get no answers. */
export async function startDnsServer(records: Record<string, string[]>): Promise<Target> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const addresses = question && question.type === 'A' ? (records[question.name] ?? []) : [];
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers: addresses.map((data) => ({ type: 'A', name: question!.name, ttl: 60, data })),
    });
    socket.send(answer, peer.port, peer.address);
  });
  socket.bind(0, '127.0.0.1');
  await new Promise((resolve) => socket.once('listening', resolve));
  return {
    port: socket.address().port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** Whether something accepts TCP connections at host:port (within a second). */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
