/**
 * Consoles of a spec's own beside the shared one: the built dist/server/main.js as run.ts starts
 * that one, on a fresh embedded database without demo data (a copy of run.ts's migrated one when
 * it names one), with the spec's settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleDataDir, MIGRATED_DATA_DIR_ENV } from './migrated-data-dir.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SpecConsole {
  /** What it printed so far (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a console on `port` with `env`; resolves once it answers /readyz (after its first start). */
export async function startConsole(env: Record<string, string>, port: number): Promise<SpecConsole> {
  const dataDir = consoleDataDir(process.env[MIGRATED_DATA_DIR_ENV], 'ops-console-e2e-');
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const running: SpecConsole = {
    output: () => output.join(''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return running;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await running.stop();
  throw new Error(`the console did not start:\n${output.join('').slice(-2000)}`);
}
