/** A local restic repository (Debian's restic) with one snapshot of a given age, for the restic check. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { binaryFrom, scratchDir } from './process.js';

export interface ResticRepository {
  repository: string;
  password: string;
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** restic's --time takes local time. */
const localTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export function makeResticRepository(skipped: string, snapshotAgeMs: number): ResticRepository | undefined {
  const restic = binaryFrom('restic', skipped);
  if (!restic) return undefined;
  const dir = scratchDir('restic');
  const repository = path.join(dir, 'repo');
  const source = path.join(dir, 'data');
  fs.mkdirSync(source);
  fs.writeFileSync(path.join(source, 'dump.sql'), 'create table t (id int);\n');
  const password = 'restic-test-password';
  const env = { PATH: process.env.PATH, HOME: dir, RESTIC_PASSWORD: password, RESTIC_CACHE_DIR: dir };
  execFileSync(restic, ['--repo', repository, 'init', '--quiet'], { env, stdio: 'pipe' });
  const at = localTime(new Date(Date.now() - snapshotAgeMs));
  execFileSync(restic, ['--repo', repository, 'backup', '--quiet', '--time', at, source], {
    env,
    stdio: 'pipe',
  });
  return {
    repository,
    password,
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
