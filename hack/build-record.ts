/**
 * What a build read and wrote, each file by size and modification time, so that `npm start`
 * can tell whether the last build is still current and skip it (a restart then takes seconds,
 * not a full rebuild).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BuildRecord {
  /** The build's settings that change its output (minified or not, …). */
  options: string;
  /** Every input and output, relative to the root → `size:mtime`. */
  files: Record<string, string>;
  /** Folders whose every file is an input: a file added there makes the build stale. */
  dirs: string[];
}

export interface BuildFiles {
  options: string;
  /** Files the build read or wrote, relative to the root; missing ones are left out. */
  files: Iterable<string>;
  /** Folders, relative to the root, whose every file counts as an input. */
  dirs?: string[];
}

function signature(file: string): string | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? `${stat.size}:${stat.mtimeMs}` : undefined;
}

/** Every file under a folder, relative to `root`; none when the folder does not exist. */
export function filesUnder(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return (fs.readdirSync(absolute, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Writes the record of a build that just finished. */
export function recordBuild(root: string, recordFile: string, build: BuildFiles): void {
  const dirs = build.dirs ?? [];
  const files: Record<string, string> = {};
  for (const file of [...build.files, ...dirs.flatMap((dir) => filesUnder(root, dir))]) {
    const sig = signature(path.join(root, file));
    if (sig !== undefined) files[file] = sig;
  }
  const record: BuildRecord = { options: build.options, files, dirs };
  fs.writeFileSync(recordFile, JSON.stringify(record));
}

/**
 * Whether the build recorded in `recordFile` is still current: same options, every file it
 * read or wrote unchanged and present, and no new file in the folders it took whole.
 */
export function isBuildCurrent(root: string, recordFile: string, options: string): boolean {
  let record: BuildRecord;
  try {
    record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as BuildRecord;
  } catch {
    return false;
  }
  if (record.options !== options) return false;
  for (const [file, sig] of Object.entries(record.files)) {
    if (signature(path.join(root, file)) !== sig) return false;
  }
  return record.dirs.every((dir) => filesUnder(root, dir).every((file) => file in record.files));
}
