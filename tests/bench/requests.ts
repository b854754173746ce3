/** Request patterns measured on any server: a burst of concurrent list requests, and one endpoint's cost. */
import http from 'node:http';
import { median, summarize, timeInterleaved, type Timing } from './stats.js';
import { cpuMs, type Server } from './server.js';
import type { Results, RowSpec } from './table.js';

/**
 * The load generator's connections: node:http with keep-alive, as a load tool (wrk, autocannon)
 * keeps them. It runs in the bench's process on the server's two cores, so its own cost is part
 * of every figure: fetch took 1.1–3.4 ms of CPU a request there, more than the server it
 * measured, where this takes well under half of that.
 */
const agent = new http.Agent({ keepAlive: true });

/**
 * A signed-in GET whose body is read to the end; rejects on an error status. It asks for gzip as
 * the browser does, so the server compresses as it would for the UI, and, as a load tool, does
 * not decompress or parse what it receives: the time is the server's answer to its last byte.
 */
export function load(
  server: Server,
  requestPath: string,
  headers: Record<string, string> = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}${requestPath}`,
      { agent, headers: { 'Accept-Encoding': 'gzip, deflate, br', ...headers, cookie: server.cookie } },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('error', reject);
        response.on('end', () =>
          status < 400 ? resolve() : reject(new Error(`${requestPath}: HTTP ${status}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

export const BURST = 200;

export interface BurstFigures {
  p95: number;
  errors: number;
  /** Server CPU (user + system) per request over the burst. */
  serverCpuMs: number;
  /** The load generator's CPU (this process) per request over the burst. */
  clientCpuMs: number;
}

const ownCpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/**
 * BURST requests at once over the given paths. The load generator (`load`, in this process)
 * shares the cores with the server and the database.
 */
async function burst(server: Server, paths: readonly string[]): Promise<BurstFigures> {
  const samples: number[] = [];
  let errors = 0;
  const cpuBefore = cpuMs(server.pid);
  const ownBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const started = performance.now();
      try {
        await load(server, paths[i % paths.length]!, { Prefer: 'count=exact' });
        samples.push(performance.now() - started);
      } catch {
        errors++;
      }
    }),
  );
  return {
    p95: summarize(samples).p95,
    errors,
    serverCpuMs: (cpuMs(server.pid) - cpuBefore) / BURST,
    clientCpuMs: ownCpuMs(ownBefore) / BURST,
  };
}

/**
 * `rounds` bursts per server, A, B, then B, A, and so on: the median round's p95 and CPU, every
 * round's errors. The order turns each round so that no build always takes the first slot, the
 * one closest to the servers' start, when the last server started is still settling in.
 */
export async function bursts(
  servers: readonly Server[],
  paths: (server: Server) => readonly string[],
  rounds = 3,
): Promise<BurstFigures[]> {
  const figures = servers.map((): BurstFigures[] => []);
  for (let round = 0; round < rounds; round++) {
    const order = [...servers.keys()];
    if (round % 2 === 1) order.reverse();
    for (const k of order) figures[k]!.push(await burst(servers[k]!, paths(servers[k]!)));
  }
  return figures.map((runs) => ({
    p95: median(runs.map((r) => r.p95)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    serverCpuMs: median(runs.map((r) => r.serverCpuMs)),
    clientCpuMs: median(runs.map((r) => r.clientCpuMs)),
  }));
}

export interface EndpointCost extends Timing {
  /** Server CPU per request, from /proc over the timed requests. */
  serverCpuMs: number;
}

/** n signed-in GETs of one path per server, one at a time, interleaved between servers. */
async function endpointCost(
  servers: readonly Server[],
  requestPath: string,
  n = 300,
): Promise<EndpointCost[]> {
  // Warm up first, so the CPU window below covers the timed requests only.
  await timeInterleaved(servers, 0, (server) => load(server, requestPath));
  const before = servers.map((s) => cpuMs(s.pid));
  const timings = await timeInterleaved(servers, n, (server) => load(server, requestPath), 0);
  return timings.map((timing, k) => ({ ...timing, serverCpuMs: (cpuMs(servers[k]!.pid) - before[k]!) / n }));
}

/** The rows of one endpoint's cost: its p95 and the server CPU per request. */
export interface EndpointRows {
  p95: RowSpec;
  serverCpuMs: RowSpec;
}

/** Measures an endpoint's cost on every server and puts it in its rows under `column`. */
export async function recordEndpointCost(
  results: Results,
  servers: readonly Server[],
  requestPath: string,
  rows: EndpointRows,
  column: string,
): Promise<void> {
  results.setFields(rows, column, await endpointCost(servers, requestPath));
}
