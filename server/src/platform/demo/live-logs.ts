import fs from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { Task } from '../jobs/index.js';
import type { DemoContext } from './context.js';
import { SERVICES } from './names.js';
import { DAY, HOUR, Random } from './random.js';

/**
 * A `file` log backend the console really reads: each Acme service's log as a file under the
 * data directory's `files/logs/` (a LOG_FILE_ROOTS directory by default), the last 12 hours of
 * it, written at first start, then kept going by the DemoLogLines task while the console runs.
 * The services' components name it in their `logs` ("Application logs", type file, label app):
 * /logs shows their lines. Append to a file and the next search shows the new lines.
 */
export const LIVE_LOG_BACKEND_NAME = 'acme-service-logs';

/** A service component's log selector that this backend serves. */
export const applicationLogs = (app: string) => ({ name: 'Application logs', type: 'file', labels: { app } });

const SPAN_MS = 12 * HOUR;
const PATHS = ['/api/items', '/api/orders', '/healthz', '/api/users/me', '/api/cart', '/metrics'];

function lineOf(r: Random, service: string, at: number): string {
  const roll = r.next();
  const trace = r.hex(16);
  const time = new Date(at).toISOString();
  if (roll < 0.03)
    return `${time} ERROR ${service}: upstream request failed: context deadline exceeded trace=${trace}`;
  if (roll < 0.1)
    return `${time} WARN  ${service}: slow response ${r.int(900, 4000)}ms on ${r.pick(PATHS)} trace=${trace}`;
  const status = r.chance(0.97) ? 200 : 404;
  return `${time} INFO  ${service}: ${r.pick(['GET', 'GET', 'POST'])} ${r.pick(PATHS)} ${status} ${r.int(2, 250)}ms trace=${trace}`;
}

export async function writeLogFiles(r: Random, dir: string, now: number): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const service of SERVICES) {
    const lines: string[] = [];
    for (let at = now - SPAN_MS; at <= now; at += r.int(20, 120) * 1000)
      lines.push(lineOf(r, service.name, at));
    await fs
      .writeFile(path.join(dir, `${service.name}.log`), `${lines.join('\n')}\n`, { flag: 'wx' })
      .catch((error) => {
        // A log the operator (or an earlier start) has is theirs: never overwritten.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
  }
}

/** The services' lines between `from` (exclusive) and `to`, appended to the files that exist. */
export async function appendLogLines(r: Random, dir: string, from: number, to: number): Promise<number> {
  let written = 0;
  for (const service of SERVICES) {
    const lines: string[] = [];
    for (let at = from + r.int(5, 40) * 1000; at <= to; at += r.int(5, 40) * 1000)
      lines.push(lineOf(r, service.name, at));
    if (lines.length === 0) continue;
    const file = path.join(dir, `${service.name}.log`);
    // Only the demo's own files, while they are there: a log removed stays removed.
    const exists = await fs.stat(file).then(
      () => true,
      () => false,
    );
    if (!exists) continue;
    await fs.appendFile(file, `${lines.join('\n')}\n`);
    written += lines.length;
  }
  return written;
}

/** Keeps the demo's service logs growing, so /logs shows the last hour at any time. */
export function demoLogLinesTask(filesDir: string, every = 60_000): Task {
  const dir = path.join(filesDir, 'logs');
  const r = new Random(Date.now());
  let last = Date.now();
  return {
    name: 'DemoLogLines',
    every,
    run: async ({ dueAt }) => {
      const now = Math.max(dueAt.getTime(), Date.now());
      const written = await appendLogLines(r, dir, last, now);
      last = now;
      return { details: { lines: written } };
    },
  };
}

/** One file entry per service, routed the services' "Application logs" by their app label. */
export const liveLogBackendSpec = (dir: string) => ({
  backends: [
    {
      files: SERVICES.map((service) => ({
        path: [path.join(dir, `${service.name}.log`)],
        labels: { app: service.name, namespace: service.namespace },
        routes: [{ type: 'file', labels: { app: service.name } }],
      })),
    },
  ],
});

export async function loadLiveLogs({ w, r, clock, refs }: DemoContext, filesDir: string): Promise<void> {
  const dir = path.join(filesDir, 'logs');
  await writeLogFiles(r, dir, Date.parse(clock.ago(0)));
  await w.insert('logging_backends', [
    {
      id: r.uuid(),
      name: LIVE_LOG_BACKEND_NAME,
      namespace: 'mission-control',
      icon: 'file',
      labels: { team: 'platform', tier: 'self' },
      spec: liveLogBackendSpec(dir),
      source: 'UI',
      agent_id: LOCAL_AGENT,
      created_by: refs.people[0]!.id,
      created_at: clock.ago(DAY),
      updated_at: clock.ago(DAY),
    },
  ]);
}
