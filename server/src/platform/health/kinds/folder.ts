import fs from 'node:fs/promises';
import path from 'node:path';
import type { Entry } from '../canary-spec.js';
import { celSafe } from '../test-expression.js';
import {
  abortable,
  cap,
  describeError,
  EntryError,
  fail,
  pass,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';
import { humanDuration, humanSize, parseDuration, parseSize } from './measures.js';

const FILES_KEPT = 20;
/** A bound on a folder walk, so one huge tree cannot hold the runner. */
const MAX_FILES = 100_000;

interface FileSeen {
  name: string;
  size: number;
  modified: Date;
}

interface Filter {
  minAgeMs?: number;
  maxAgeMs?: number;
  since?: Date;
  minSize?: number;
  maxSize?: number;
  regex?: RegExp;
}

const optional = <T>(value: unknown, read: (v: string | number) => T): T | undefined =>
  value === undefined || value === null || value === '' ? undefined : read(value as string | number);

function filterOf(entry: Entry, now: number): Filter {
  const raw = (entry.filter ?? {}) as Record<string, unknown>;
  let regex: RegExp | undefined;
  const pattern = str(raw.regex);
  if (pattern) {
    try {
      regex = new RegExp(pattern);
    } catch (error) {
      throw new EntryError(`filter.regex '${pattern}' cannot be read: ${(error as Error).message}`);
    }
  }
  return {
    minAgeMs: optional(raw.minAge, (v) => parseDuration(String(v), 'filter.minAge')),
    maxAgeMs: optional(raw.maxAge, (v) => parseDuration(String(v), 'filter.maxAge')),
    since: optional(raw.since, (v) => sinceOf(String(v), now)),
    minSize: optional(raw.minSize, (v) => parseSize(v, 'filter.minSize')),
    maxSize: optional(raw.maxSize, (v) => parseSize(v, 'filter.maxSize')),
    regex,
  };
}

/**
 * `since`: a timestamp, or 'now-1h'-style date math. One second is added, as upstream does, so
 * the newest file's modified time of a previous run can be given as `since`.
 */
function sinceOf(text: string, now: number): Date {
  const relative = /^now(?:\s*-\s*(.+))?$/.exec(text.trim());
  const at = relative
    ? now - (relative[1] ? parseDuration(relative[1], 'filter.since') : 0)
    : Date.parse(text);
  if (!Number.isFinite(at)) throw new EntryError(`filter.since '${text}' is not a time or now-<duration>`);
  return new Date(at + 1000);
}

function kept(file: FileSeen, filter: Filter, now: number): boolean {
  const age = now - file.modified.getTime();
  if (filter.maxAgeMs !== undefined && age > filter.maxAgeMs) return false;
  if (filter.minAgeMs !== undefined && age < filter.minAgeMs) return false;
  if (filter.minSize !== undefined && file.size < filter.minSize) return false;
  if (filter.maxSize !== undefined && file.size > filter.maxSize) return false;
  if (filter.regex && !filter.regex.test(path.basename(file.name))) return false;
  if (filter.since && file.modified < filter.since) return false;
  return true;
}

/** The folder's files (and, when recursive, those of its subfolders; symlinks are not followed into). */
async function listFiles(root: string, recursive: boolean, signal: AbortSignal): Promise<FileSeen[]> {
  const files: FileSeen[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    for (const item of entries) {
      if (signal.aborted) throw signal.reason;
      if (files.length >= MAX_FILES)
        throw new EntryError(`more than ${MAX_FILES} files under ${root}: narrow the path or filter`);
      const full = path.join(dir, item.name);
      const name = prefix ? `${prefix}/${item.name}` : item.name;
      if (item.isDirectory()) {
        if (recursive) await walk(full, name);
        continue;
      }
      const stat = await fs.stat(full).catch(() => undefined); // a dangling link is skipped
      if (stat?.isFile()) files.push({ name, size: stat.size, modified: stat.mtime });
    }
  };
  await walk(root, '');
  return files;
}

/** The schemes the platform's folder check reads; this runner reads local folders only. */
function remoteScheme(entry: Entry, folder: string): string | undefined {
  if (entry.sftpConnection) return 'sftp';
  if (entry.smbConnection || folder.startsWith('\\\\')) return 'smb';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(folder)?.[1]?.toLowerCase();
  return scheme && scheme !== 'file' ? scheme : undefined;
}

interface Limits {
  minAgeMs?: number;
  maxAgeMs?: number;
  minCount?: number;
  maxCount?: number;
  minSize?: number;
  maxSize?: number;
  availableSize?: number;
  totalSize?: number;
}

function limitsOf(entry: Entry): Limits {
  const count = (v: string | number, what: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new EntryError(`${what} '${v}' is not a whole number`);
    return n;
  };
  return {
    minAgeMs: optional(entry.minAge, (v) => parseDuration(String(v), 'minAge')),
    maxAgeMs: optional(entry.maxAge, (v) => parseDuration(String(v), 'maxAge')),
    minCount: optional(entry.minCount, (v) => count(v, 'minCount')),
    maxCount: optional(entry.maxCount, (v) => count(v, 'maxCount')),
    minSize: optional(entry.minSize, (v) => parseSize(v, 'minSize')),
    maxSize: optional(entry.maxSize, (v) => parseSize(v, 'maxSize')),
    availableSize: optional(entry.availableSize, (v) => parseSize(v, 'availableSize')),
    totalSize: optional(entry.totalSize, (v) => parseSize(v, 'totalSize')),
  };
}

/** What the files break of the limits, in the platform's order; undefined when nothing does. */
async function brokenLimit(
  files: FileSeen[],
  limits: Limits,
  entry: Entry,
  folder: string,
  now: number,
): Promise<string | undefined> {
  if (limits.minCount !== undefined && files.length < limits.minCount)
    return `too few files: ${files.length} < ${limits.minCount}`;
  if (limits.maxCount !== undefined && files.length > limits.maxCount)
    return `too many files: ${files.length} > ${limits.maxCount}`;
  if (limits.availableSize !== undefined || limits.totalSize !== undefined) {
    const disk = await fs.statfs(folder).catch(() => undefined);
    if (!disk) return `cannot read the size of the file system of ${folder}`;
    const available = disk.bavail * disk.bsize;
    const total = disk.blocks * disk.bsize;
    if (limits.availableSize !== undefined && available < limits.availableSize)
      return `available size too small: ${humanSize(available)} < ${String(entry.availableSize)}`;
    if (limits.totalSize !== undefined && total < limits.totalSize)
      return `total size too small: ${humanSize(total)} < ${String(entry.totalSize)}`;
  }
  if (files.length === 0) return undefined; // no file to test for age or size
  const by = (pick: (a: FileSeen, b: FileSeen) => boolean) => files.reduce((a, b) => (pick(a, b) ? a : b));
  const newest = by((a, b) => a.modified >= b.modified);
  const oldest = by((a, b) => a.modified <= b.modified);
  const smallest = by((a, b) => a.size <= b.size);
  const largest = by((a, b) => a.size >= b.size);
  const age = (f: FileSeen) => now - f.modified.getTime();
  if (limits.minAgeMs !== undefined && age(newest) < limits.minAgeMs)
    return `${newest.name} is too new: ${humanDuration(age(newest))} < ${String(entry.minAge)}`;
  if (limits.maxAgeMs !== undefined && age(oldest) > limits.maxAgeMs)
    return `${oldest.name} is too old: ${humanDuration(age(oldest))} > ${String(entry.maxAge)}`;
  if (limits.minSize !== undefined && smallest.size < limits.minSize)
    return `${smallest.name} is too small: ${humanSize(smallest.size)} < ${String(entry.minSize)}`;
  if (limits.maxSize !== undefined && largest.size > limits.maxSize)
    return `${largest.name} is too large: ${humanSize(largest.size)} > ${String(entry.maxSize)}`;
  return undefined;
}

/**
 * Lists a local folder (`path`, optionally `recursive`), keeps the files `filter` selects, and
 * tests their count, age and size. A folder that does not exist has no files.
 */
export async function runFolder(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const folder = str(entry.path);
  if (!folder) return fail('path is required');
  const scheme = remoteScheme(entry, folder);
  if (scheme)
    return fail(`this console's check runner checks local folders only; '${scheme}' folders are not run`);
  const local = folder.replace(/^file:\/\//i, '');
  const now = Date.now();
  let files: FileSeen[];
  let limits: Limits;
  try {
    const filter = filterOf(entry, now);
    limits = limitsOf(entry);
    const stat = await fs.stat(local).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (stat && !stat.isDirectory()) return fail(`${local} is not a directory`);
    const all = stat
      ? await abortable(listFiles(local, entry.recursive === true, ctx.signal), ctx.signal)
      : [];
    files = all.filter((file) => kept(file, filter, now));
  } catch (error) {
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  }
  files.sort((a, b) => b.modified.getTime() - a.modified.getTime());
  const newest = files[0];
  const oldest = files[files.length - 1];
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const message =
    files.length === 0
      ? `no files in ${local}`
      : `${files.length} ${files.length === 1 ? 'file' : 'files'} (${humanSize(totalBytes)}) in ${local}; newest ${newest!.name} (${humanDuration(now - newest!.modified.getTime())} old), oldest ${oldest!.name} (${humanDuration(now - oldest!.modified.getTime())} old)`;
  const detail = {
    count: files.length,
    size: totalBytes,
    newest: newest ?? null,
    oldest: oldest ?? null,
    files: celSafe(files.slice(0, FILES_KEPT)),
  };
  // What the check's test, display and transform see.
  const context = { results: { files, count: files.length, newest, oldest, size: totalBytes } };
  const broken = await brokenLimit(files, limits, entry, local, now);
  const shown = celSafe(detail) as Record<string, unknown>;
  return { ...(broken ? fail(broken, cap(message), shown) : pass(cap(message), shown)), context };
}
