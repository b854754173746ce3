import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded database's memory settings (docs/memory.md says why each number). PGlite's WASM
 * memory grows to the most it ever held and never shrinks, so these bound the process for good.
 */
export const PGLITE_SETTINGS = [
  // The data files sit in the OS page cache anyway: a page missed here is a read, not a disk seek.
  'shared_buffers=16MB',
  // CREATE INDEX in a migration over a large table would otherwise grow the memory by 64 MB for good.
  'maintenance_work_mem=16MB',
];

/**
 * Creates a new PGlite data directory (initdb) in a short-lived child process. initdb in this
 * process would leave about 450 MB of WASM memory and buffers behind that are never given back;
 * a child's memory goes back to the system when it exits. An existing directory is left alone.
 */
export async function createDataDirApart(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // Where the child finds PGlite: the same copy this process loads (absent under some loaders).
  const resolve = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  if (!resolve) return;
  const script = `const { PGlite } = await import(${JSON.stringify(resolve('@electric-sql/pglite'))});
await (await PGlite.create(process.argv[1])).close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, dataDir], {
    maxBuffer: 1024 * 1024,
  });
}
