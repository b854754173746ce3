/**
 * The `file` backend: the lines of files on the console's machine, named by paths or globs
 * (`path`/`paths`; a relative one is under the first LOG_FILE_ROOTS directory), only inside the
 * LOG_FILE_ROOTS directories once links are followed. Each file is read from its end backwards, a
 * chunk at a time, and reading stops once enough lines are found or a line is older than the
 * search's start (a log file is written in time order), so a big file is never read whole. A
 * line's time is the one it starts with (line-time.ts), else that of the line after it (a stack
 * trace's lines go with the line they follow), else, at the file's end, its modification time. The
 * files' lines are merged newest first; the page cursor holds where each file was left.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { LogSearchResult } from '../../../../../common/logs.js';
import { decodeCursor, encodeCursor, queryFilter, toLine, type TimedLine } from '../lines.js';
import { plainRouteLabels } from '../routing.js';
import { lineTime } from './line-time.js';
import { BackendError, isObject, type BackendReader } from './types.js';

const CHUNK_BYTES = 64 * 1024;
/** More files than this in one backend are left out, the newest kept. */
const MAX_FILES = 200;
const SYSTEM_DIRS = ['/proc', '/sys', '/dev'];

const isInside = (file: string, dir: string) =>
  file === dir || file.startsWith(dir.endsWith('/') ? dir : `${dir}/`);

interface RawLine {
  text: string;
  /** Where the line starts in the file. */
  offset: number;
}

/**
 * The file's lines from `end` back to its start, last first (a final line without newline
 * included), a chunk's lines at a time.
 */
export async function* linesBackward(handle: fs.FileHandle, end: number, signal?: AbortSignal) {
  let position = end;
  let rest = Buffer.alloc(0);
  let first = true;
  while (position > 0) {
    signal?.throwIfAborted();
    const size = Math.min(CHUNK_BYTES, position);
    position -= size;
    const chunk = Buffer.alloc(size);
    await handle.read(chunk, 0, size, position);
    const buffer = rest.length ? Buffer.concat([chunk, rest]) : chunk;
    const lines: RawLine[] = [];
    let stop = buffer.length;
    for (let i = buffer.lastIndexOf(0x0a); i >= 0; i = i > 0 ? buffer.lastIndexOf(0x0a, i - 1) : -1) {
      // A newline that ends the file ends no line after it.
      if (!(first && i === buffer.length - 1)) lines.push(lineOf(buffer, i + 1, stop, position));
      first = false;
      stop = i;
    }
    first = false;
    rest = buffer.subarray(0, stop);
    if (lines.length) yield lines;
  }
  if (rest.length) yield [lineOf(rest, 0, rest.length, 0)];
}

function lineOf(buffer: Buffer, from: number, to: number, base: number): RawLine {
  const end = to > from && buffer[to - 1] === 0x0d ? to - 1 : to;
  return { text: buffer.toString('utf8', from, end), offset: base + from };
}

interface FileCursor {
  /** Per file: the offset its next page reads back from. */
  f: Record<string, number>;
}
const isFileCursor = (value: unknown): value is FileCursor =>
  isObject(value) &&
  isObject(value.f) &&
  Object.values(value.f).every((n) => Number.isInteger(n) && Number(n) >= 0);

const patternsOf = (config: Record<string, unknown>) =>
  [config.path, config.paths].flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    ),
  );

async function realRoots(roots: readonly string[]): Promise<string[]> {
  const resolved = await Promise.all(roots.map((root) => fs.realpath(root).catch(() => undefined)));
  return resolved.filter((root): root is string => root !== undefined);
}

/** The files the patterns name that may be read, with their size and modification time. */
async function filesOf(patterns: string[], roots: readonly string[]) {
  const allowed = await realRoots(roots);
  if (!allowed.length)
    throw new BackendError(
      'this console reads no log files of its machine: its operator lists the directories it may read in LOG_FILE_ROOTS',
    );
  const base = allowed[0]!;
  const matched = await glob(
    patterns.map((pattern) => path.resolve(base, pattern).slice(1)),
    { cwd: '/', absolute: true, onlyFiles: true },
  );
  const files: { file: string; size: number; mtime: number }[] = [];
  for (const file of new Set(matched)) {
    const real = await fs.realpath(file).catch(() => undefined);
    if (!real || SYSTEM_DIRS.some((dir) => isInside(real, dir))) continue;
    if (!allowed.some((root) => isInside(real, root))) continue;
    const stat = await fs.stat(real).catch(() => undefined);
    if (stat?.isFile()) files.push({ file, size: stat.size, mtime: stat.mtimeMs });
  }
  return files.sort((a, b) => b.mtime - a.mtime).slice(0, MAX_FILES);
}

interface Filter {
  start: number;
  end: number;
  matches: (message: string) => boolean;
  labels: Record<string, string>;
}

/** One file's lines in the search, newest first: `head` is the next one, undefined once none is left. */
class FileLines {
  head: (TimedLine & { offset: number }) | undefined;
  /** Where this file's next page reads back from: the start of the last line taken. */
  resume: number;
  private readonly chunks: AsyncGenerator<RawLine[]>;
  private lines: RawLine[] = [];
  private next = 0;
  /** The time of the line after the one read next: a line without one of its own takes it. */
  private newer: { at: number; timestamp: string };

  constructor(
    readonly file: string,
    readonly handle: fs.FileHandle,
    from: number,
    mtime: number,
    private readonly filter: Filter,
    signal: AbortSignal,
  ) {
    this.resume = from;
    this.newer = { at: mtime, timestamp: new Date(mtime).toISOString() };
    this.chunks = linesBackward(handle, from, signal);
  }

  async advance(): Promise<void> {
    this.head = undefined;
    const { start, end, matches, labels } = this.filter;
    for (;;) {
      if (this.next === this.lines.length) {
        const { value: lines, done } = await this.chunks.next();
        if (done) return;
        this.lines = lines;
        this.next = 0;
      }
      const value = this.lines[this.next++]!;
      const parsed = lineTime(value.text);
      // Lines before one older than the start are older still.
      if (parsed && parsed.at < start) return;
      const time = parsed ?? { ...this.newer, message: value.text };
      this.newer = { at: time.at, timestamp: time.timestamp };
      if (time.at > end || time.at < start || !matches(time.message)) continue;
      this.head = { ...time, labels: { ...labels, path: this.file }, offset: value.offset };
      return;
    }
  }

  take(): TimedLine {
    const { offset, ...line } = this.head!;
    this.resume = offset;
    return line;
  }
}

export const readFileLogs: BackendReader = async (backend, search, ctx): Promise<LogSearchResult> => {
  const patterns = patternsOf(backend.config);
  if (!patterns.length) throw new BackendError(`log backend ${backend.name} names no files (path)`);
  const files = await filesOf(patterns, ctx.fileRoots);
  const cursor = decodeCursor(search.page, isFileCursor);
  const filter: Filter = {
    start: search.start.getTime(),
    end: search.end.getTime(),
    matches: queryFilter(search.query),
    labels: { ...plainRouteLabels(backend, search.selector, search.externalId), ...backend.labels },
  };
  const readers: FileLines[] = [];
  try {
    for (const { file, size, mtime } of files) {
      const from = cursor ? Math.min(cursor.f[file] ?? 0, size) : size;
      if (from === 0) continue;
      readers.push(new FileLines(file, await fs.open(file, 'r'), from, mtime, filter, search.signal));
    }
    await Promise.all(readers.map((reader) => reader.advance()));
    const results: TimedLine[] = [];
    let more = false;
    for (;;) {
      let newest: FileLines | undefined;
      for (const reader of readers)
        if (reader.head && (!newest || reader.head.at > newest.head!.at)) newest = reader;
      if (!newest) break;
      if (results.length === search.limit) {
        more = true;
        break;
      }
      results.push(newest.take());
      await newest.advance();
    }
    const nextPage = more
      ? encodeCursor({ f: Object.fromEntries(readers.map((r) => [r.file, r.resume])) } satisfies FileCursor)
      : undefined;
    return { total: results.length, results: results.map(toLine), ...(nextPage ? { nextPage } : {}) };
  } finally {
    await Promise.all(readers.map((reader) => reader.handle.close().catch(() => undefined)));
  }
};
