import os from 'node:os';
import type { Entry } from '../canary-spec.js';
import {
  describeError,
  EntryError,
  fail,
  literalValue,
  pass,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';
import { baseEnvironment, lastLine, runCommand } from './command.js';
import { humanDuration, parseDuration } from './measures.js';

interface Snapshot {
  time?: string;
  short_id?: string;
  hostname?: string;
  paths?: string[];
}

function environmentOf(entry: Entry): NodeJS.ProcessEnv {
  const env = baseEnvironment();
  // A `connection` whose password is the repository's was read into `password` before the run.
  const password = literalValue(entry.password, 'password');
  if (!password) throw new EntryError('password is required');
  env.RESTIC_PASSWORD = password;
  const accessKey = literalValue(entry.accessKey, 'accessKey');
  const secretKey = literalValue(entry.secretKey, 'secretKey');
  if (accessKey) env.AWS_ACCESS_KEY_ID = accessKey;
  if (secretKey) env.AWS_SECRET_ACCESS_KEY = secretKey;
  // restic keeps a cache; a throwaway run keeps none.
  env.RESTIC_CACHE_DIR = os.tmpdir();
  return env;
}

/**
 * A restic repository's latest snapshot must be younger than `maxAge`; with `checkIntegrity`
 * the repository is checked too (`restic check`). Runs the restic program, which must be
 * installed where the console runs.
 */
export async function runRestic(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const repository = str(entry.repository);
  if (!repository) return fail('repository is required');
  let maxAgeMs: number | undefined;
  let env: NodeJS.ProcessEnv;
  try {
    maxAgeMs = str(entry.maxAge) ? parseDuration(str(entry.maxAge)!, 'maxAge') : undefined;
    env = environmentOf(entry);
  } catch (error) {
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  }
  const common = [
    '--repo',
    repository,
    '--no-lock',
    '--no-cache',
    ...(str(entry.caCert) ? ['--cacert', str(entry.caCert)!] : []),
  ];
  const restic = (args: string[]) => runCommand('restic', [...common, ...args], { env, signal: ctx.signal });
  let snapshots: Snapshot[];
  try {
    if (entry.checkIntegrity === true) {
      const checked = await restic(['check']);
      if (checked.code !== 0)
        return fail(`integrity check failed: ${lastLine(checked.stderr || checked.stdout)}`);
    }
    const listed = await restic(['snapshots', '--latest', '1', '--json']);
    if (listed.code !== 0) return fail(`restic: ${lastLine(listed.stderr) || `exit code ${listed.code}`}`);
    snapshots = JSON.parse(listed.stdout || '[]') as Snapshot[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return fail(
        "restic is not installed where the console runs: the restic check needs the 'restic' program",
      );
    return fail(describeError(error, ctx));
  }
  const latest = snapshots.filter((s) => s.time).sort((a, b) => Date.parse(b.time!) - Date.parse(a.time!))[0];
  if (!latest) return fail(`no snapshots in ${repository}`);
  const ageMs = Date.now() - Date.parse(latest.time!);
  const message = `latest snapshot ${latest.short_id ?? ''} of ${latest.hostname ?? 'a host'} is ${humanDuration(ageMs)} old`;
  const detail = { snapshot: latest, age: ageMs };
  if (maxAgeMs !== undefined && ageMs > maxAgeMs)
    return fail(
      `latest backup is ${humanDuration(ageMs)} old, older than maxAge ${str(entry.maxAge)}`,
      message,
      detail,
    );
  return pass(message, detail);
}
