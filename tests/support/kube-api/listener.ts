/**
 * One port that speaks both plain HTTP (client-node with an `http://` URL) and HTTPS (kubectl,
 * which sends credentials only over TLS): the first byte of a connection tells which (0x16 opens
 * a TLS handshake). It can go down, destroying every open connection, and come back on the
 * same port.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { TLS_CERTIFICATE, TLS_KEY } from './tls.js';

const TLS_HANDSHAKE = 0x16;

export interface DualListener {
  port: number;
  listen(): Promise<void>;
  /** Stops listening and destroys every open connection (watches end as if the server died). */
  close(): Promise<void>;
}

export async function listenDual(handler: http.RequestListener, port = 0): Promise<DualListener> {
  const plain = http.createServer(handler);
  const secure = https.createServer({ key: TLS_KEY, cert: TLS_CERTIFICATE }, handler);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A client resetting before its first byte: nothing to answer (and no crash of the tests).
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  const listener: DualListener = {
    port,
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(listener.port, '127.0.0.1', () => {
          server.off('error', reject);
          listener.port = (server.address() as net.AddressInfo).port;
          resolve();
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
  await listener.listen();
  return listener;
}
