/**
 * `npm run lint`: ESLint, the type checks of the four projects and Prettier, side by side (each
 * is single-threaded, and none needs another's result). Each one's output is printed when it
 * ends, not interleaved; the run fails when any of them does.
 */
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  commands: string[][];
}

const CHECKS: Check[] = [
  { name: 'eslint', commands: [['eslint', '.']] },
  {
    name: 'tsc',
    commands: ['common', 'server', 'web', 'tests'].map((project) => ['tsc', '-p', project]),
  },
  { name: 'prettier', commands: [['prettier', '--check', '.']] },
];

function run([command, ...args]: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** A check's commands one after another, stopping at the first failure. */
async function runCheck(check: Check): Promise<boolean> {
  const started = performance.now();
  for (const command of check.commands) {
    const { status, output } = await run(command);
    if (output.trim()) process.stdout.write(`--- ${command.join(' ')}\n${output}`);
    if (status !== 0) {
      console.error(`${check.name}: FAILED (${command.join(' ')}, exit ${status})`);
      return false;
    }
  }
  console.log(`${check.name}: passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

const passed = await Promise.all(CHECKS.map(runCheck));
process.exit(passed.every(Boolean) ? 0 : 1);
