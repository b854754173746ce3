/**
 * A UDP DNS server on 127.0.0.1 answering the records it is given, of any type dns-packet knows
 * (A, AAAA, CNAME, MX, NS, PTR, TXT, ...), and a server that never answers (for timeouts).
 */
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';
import type { Target } from './check-targets.js';

export interface DnsRecord {
  name: string;
  type: string;
  data: unknown;
}

async function bind(onMessage: (socket: dgram.Socket, message: Buffer, peer: dgram.RemoteInfo) => void) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => onMessage(socket, message, peer));
  socket.bind(0, '127.0.0.1');
  await new Promise((resolve) => socket.once('listening', resolve));
  return {
    port: socket.address().port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** Answers each question with the records of its name and type; others get an empty answer. */
export function startDnsRecordsServer(records: DnsRecord[]): Promise<Target> {
  return bind((socket, message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const answers = question
      ? records
          .filter((r) => r.name.toLowerCase() === question.name.toLowerCase() && r.type === question.type)
          .map((r) => ({ ...r, ttl: 60 }) as dnsPacket.Answer)
      : [];
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers,
    });
    socket.send(answer, peer.port, peer.address);
  });
}

/** Receives queries and never answers them. */
export function startSilentDnsServer(): Promise<Target> {
  return bind(() => {});
}
