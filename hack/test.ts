/**
 * `npm test`: lint, then unit and integration in that order while e2e runs beside them (each an
 * npm script). e2e mostly waits on a browser and leaves a core idle that the jest stages use;
 * its output is kept in test-results/e2e-output.log and printed when it ends. Stops at the
 * first failing stage with its exit code, and prints how long each stage took, also after a
 * failure. `npm test -- test:unit test:integration` runs only the stages named.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.js';

const ALL_STAGES = ['lint', 'test:unit', 'test:integration', 'test:e2e'];
/** The stage that runs beside the others instead of after them. */
const BESIDE = 'test:e2e';
const asked = process.argv.slice(2);
const unknown = asked.filter((stage) => !ALL_STAGES.includes(stage));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(', ')}: the stages are ${ALL_STAGES.join(', ')}`);
  process.exit(2);
}
const STAGES = asked.length > 0 ? ALL_STAGES.filter((stage) => asked.includes(stage)) : ALL_STAGES;

interface Ran {
  stage: string;
  seconds: number;
  status: number;
}

function formatDuration(seconds: number): string {
  const m = Math.floor(Math.round(seconds) / 60);
  const s = Math.round(seconds) % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

function stageTable(ran: Ran[], wallSeconds: number): string {
  const width = Math.max(...[...STAGES, 'total'].map((stage) => stage.length));
  const lines = STAGES.map((stage) => {
    const r = ran.find((run) => run.stage === stage);
    const outcome = !r ? 'not run' : r.status === 0 ? 'passed' : `FAILED (exit ${r.status})`;
    const beside = stage === BESIDE && r && STAGES.length > 2 ? ' (beside unit and integration)' : '';
    return `${stage.padEnd(width)}  ${(r ? formatDuration(r.seconds) : '-').padStart(12)}  ${outcome}${beside}`;
  });
  lines.push(`${'total'.padEnd(width)}  ${formatDuration(wallSeconds).padStart(12)}  wall clock`);
  return lines.join('\n');
}

const since = (started: number) => (performance.now() - started) / 1000;

function runInForeground(stage: string): Ran {
  console.log(`\n=== npm run ${stage}\n`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  return { stage, seconds: since(started), status: result.status ?? 1 };
}

/** Starts a stage with its output going to a file; resolves when it ends. */
function runBeside(stage: string, outputFile: string): Promise<Ran> {
  fs.mkdirSync(path.dirname(outputFile), { recursive: true });
  const output = fs.openSync(outputFile, 'w');
  console.log(`\n=== npm run ${stage}: runs beside the next stages; its output goes to ${outputFile}\n`);
  const started = performance.now();
  const child = spawn('npm', ['run', stage], { stdio: ['ignore', output, output] });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      fs.closeSync(output);
      resolve({ stage, seconds: since(started), status: code ?? 1 });
    });
  });
}

const started = performance.now();
const ran: Ran[] = [];
const sequence = STAGES.filter((stage) => stage !== BESIDE);
let beside: Promise<Ran> | undefined;
const besideOutput = path.resolve('test-results/e2e-output.log');
for (const stage of sequence) {
  // Lint goes first alone: a type error fails fast, before any browser starts.
  if (!beside && STAGES.includes(BESIDE) && stage !== 'lint') {
    // Installed before anything runs beside it, so two apt-gets never wait on each other.
    ensureChromium();
    beside = runBeside(BESIDE, besideOutput);
  }
  const result = runInForeground(stage);
  ran.push(result);
  if (result.status !== 0) break;
}
if (!beside && STAGES.includes(BESIDE) && ran.every((r) => r.status === 0)) {
  ran.push(runInForeground(BESIDE));
} else if (beside) {
  if (ran.every((r) => r.status === 0)) console.log(`\n=== waiting for npm run ${BESIDE}\n`);
  const result = await beside;
  ran.push(result);
  console.log(`\n=== npm run ${BESIDE} (output of ${path.relative(process.cwd(), besideOutput)})\n`);
  process.stdout.write(fs.readFileSync(besideOutput, 'utf8'));
}
const failed = ran.find((r) => r.status !== 0);
console.log(`\nnpm test, per stage:\n${stageTable(ran, since(started))}`);
process.exit(failed?.status ?? 0);
