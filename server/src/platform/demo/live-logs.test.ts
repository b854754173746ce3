import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backendsOf } from '../logs/backends.js';
import { readFileLogs } from '../logs/backends/file.js';
import { routeSelector } from '../logs/routing.js';
import { plainSpecValidatorOf } from '../specs/kinds.js';
import { applicationLogs, demoLogLinesTask, liveLogBackendSpec, writeLogFiles } from './live-logs.js';
import { Random } from './random.js';

describe("the demo's file log backend", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-logs-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("serves a service component's Application logs with its last hour of lines, newest first", async () => {
    const now = Date.now();
    await writeLogFiles(new Random(1), path.join(dir, 'logs'), now);
    const spec = liveLogBackendSpec(path.join(dir, 'logs'));
    expect(plainSpecValidatorOf('logging_backends').problems(spec)).toEqual([]);
    const backends = backendsOf({ id: 'x', name: 'acme-service-logs', namespace: 'mission-control', spec });
    const selector = applicationLogs('checkout');
    const backend = routeSelector(backends, selector, 'eu-west/checkout/checkout')!;
    const answer = await readFileLogs(
      backend,
      {
        selector,
        start: new Date(now - 3_600_000),
        end: new Date(now),
        limit: 1000,
        signal: new AbortController().signal,
      },
      {
        fileRoots: [dir],
        secrets: new Set(),
        connection: async () => undefined,
        credential: async () => undefined,
      },
    );
    expect(answer.results.length).toBeGreaterThan(25);
    expect(answer.results.every((line) => line.message.includes('checkout:'))).toBe(true);
    expect(answer.results[0]!.labels).toEqual({
      app: 'checkout',
      namespace: 'checkout',
      path: path.join(dir, 'logs', 'checkout.log'),
    });
    const times = answer.results.map((line) => Date.parse(line.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('never overwrites a log file that is there', async () => {
    const file = path.join(dir, 'logs', 'cart.log');
    fs.writeFileSync(file, 'mine\n');
    await writeLogFiles(new Random(2), path.join(dir, 'logs'), Date.now());
    expect(fs.readFileSync(file, 'utf8')).toBe('mine\n');
  });

  it('keeps the logs growing: each run appends the lines since the last one, after the newest line', async () => {
    const file = path.join(dir, 'logs', 'checkout.log');
    const before = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const task = demoLogLinesTask(dir);
    const ctx = { signal: new AbortController().signal, log: console as never };
    await task.run({ ...ctx, dueAt: new Date(Date.now() + 120_000) });
    const after = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length).map((line) => Date.parse(line.slice(0, 24)));
    expect(added.every((time) => time > Date.parse(before.at(-1)!.slice(0, 24)))).toBe(true);
    // A log the operator removed is not written again.
    fs.rmSync(path.join(dir, 'logs', 'cart.log'));
    await task.run({ ...ctx, dueAt: new Date(Date.now() + 240_000) });
    expect(fs.existsSync(path.join(dir, 'logs', 'cart.log'))).toBe(false);
  });
});
