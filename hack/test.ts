/**
 * `npm test`: lint, unit, integration and e2e in that order (each an npm script); stops at the
 * first failure with its exit code, and prints how long each stage took, also after a failure.
 * Integration and e2e are not run side by side: on two cores the browser and the server of e2e
 * then wait on integration's workers, and the pair took longer than one after the other; only
 * e2e's build is made during jest, at the lowest priority (buildForE2eMeanwhile). Unit
 * and integration, when both are asked, are one jest run (`test:jest`): the template databases
 * are built once instead of twice, and the workers stay busy from the first file to the last.
 * `npm test -- test:unit test:integration` runs only the stages named.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ALL_STAGES = ['lint', 'test:unit', 'test:integration', 'test:e2e'];
const asked = process.argv.slice(2);
const unknown = asked.filter((stage) => !ALL_STAGES.includes(stage));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(', ')}: the stages are ${ALL_STAGES.join(', ')}`);
  process.exit(2);
}
const chosen = asked.length > 0 ? ALL_STAGES.filter((stage) => asked.includes(stage)) : ALL_STAGES;
/** The npm scripts run, in order: unit and integration merged into one when both are chosen. */
const JEST_STAGES = ['test:unit', 'test:integration'];
const STAGES = JEST_STAGES.every((stage) => chosen.includes(stage))
  ? chosen.flatMap((stage) =>
      stage === 'test:unit' ? ['test:jest'] : stage === 'test:integration' ? [] : [stage],
    )
  : chosen;

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

/** wall: the whole run, from the first stage's start. */
function stageTable(ran: Ran[], skipped: string[], wall: number): string {
  const width = Math.max(...[...STAGES, 'total'].map((stage) => stage.length));
  const lines = [
    ...ran.map(
      (r) =>
        `${r.stage.padEnd(width)}  ${formatDuration(r.seconds).padStart(12)}  ${r.status === 0 ? 'passed' : `FAILED (exit ${r.status})`}`,
    ),
    ...skipped.map((stage) => `${stage.padEnd(width)}  ${'-'.padStart(12)}  not run`),
    `${'total'.padEnd(width)}  ${formatDuration(wall).padStart(12)}`,
  ];
  return lines.join('\n');
}

/** A command run beside the stages, its output in a log file; `stop` ends it early. */
interface Meanwhile {
  /** Waits for it once and reports, however often called. */
  finished(): Promise<void>;
  stop(): void;
}

function meanwhile(
  command: string,
  args: string[],
  logFile: string,
  report: (status: number, output: string) => void,
): Meanwhile {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(command, args, { stdio: ['ignore', log, log] });
  const done = new Promise<number>((resolve) => {
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
  let reported: Promise<void> | undefined;
  const finish = async () => {
    const status = await done;
    fs.closeSync(log);
    report(status, fs.readFileSync(logFile, 'utf8').trimEnd());
  };
  return { finished: () => (reported ??= finish()), stop: () => child.kill() };
}

/**
 * The Debian packages and tools the stages after lint need, installed while lint runs (lint
 * needs none of them). Its output goes to a log file, printed only when it fails: the stages
 * then try again themselves and fail saying what is missing.
 */
function prepareMachineMeanwhile(): Meanwhile {
  const args = ['hack/test-machine.ts', ...(STAGES.includes('test:e2e') ? [] : ['--no-browser'])];
  return meanwhile('node_modules/.bin/tsx', args, 'test-results/test-machine.log', (status, output) => {
    if (status === 0) console.log(`\n=== test machine ready\n${output.split('\n').slice(-3).join('\n')}`);
    else console.error(`\n=== preparing the test machine failed (exit ${status}):\n${output}`);
  });
}

/**
 * The console's build for the e2e stage, made while the stage before it (jest) runs: at the
 * lowest priority it takes the CPU the jest workers leave idle while they wait on servers and
 * polls, and the e2e stage then finds the build current (`buildWebIfChanged`). Printed only when
 * it fails: the e2e stage then builds, and fails, itself.
 */
function buildForE2eMeanwhile(): Meanwhile {
  const args = ['-n', '19', 'node_modules/.bin/tsx', 'hack/build.ts', '--if-changed'];
  return meanwhile('nice', args, 'test-results/e2e-build.log', (status, output) => {
    if (status !== 0) console.error(`\n=== building for e2e failed (exit ${status}):\n${output}`);
  });
}

function runStage(stage: string): Promise<Ran> {
  const started = performance.now();
  console.log(`\n=== npm run ${stage}\n`);
  const child = spawn('npm', ['run', stage], { stdio: 'inherit' });
  return new Promise((resolve) => {
    const finish = (status: number) =>
      resolve({ stage, seconds: (performance.now() - started) / 1000, status });
    child.once('error', () => finish(1));
    child.once('close', (code) => finish(code ?? 1));
  });
}

const machine = STAGES.some((stage) => stage !== 'lint') ? prepareMachineMeanwhile() : undefined;
let e2eBuild: Meanwhile | undefined;
const ran: Ran[] = [];
const started = performance.now();
for (const [index, stage] of STAGES.entries()) {
  if (stage !== 'lint') await machine?.finished();
  if (stage === 'test:e2e') await e2eBuild?.finished();
  // With the stage before e2e, not with lint: lint keeps both cores busy.
  else if (stage !== 'lint' && STAGES[index + 1] === 'test:e2e') e2eBuild = buildForE2eMeanwhile();
  const result = await runStage(stage);
  ran.push(result);
  if (result.status !== 0) break;
}
await machine?.finished();
if (ran.at(-1)?.status !== 0) e2eBuild?.stop();
const failed = ran.find((r) => r.status !== 0);
const wall = (performance.now() - started) / 1000;
console.log(`\nnpm test, per stage:\n${stageTable(ran, STAGES.slice(ran.length), wall)}`);
process.exit(failed?.status ?? 0);
