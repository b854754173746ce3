/**
 * Where a build writes, so that building never breaks a console that is running from the
 * same dist/: each build goes into a fresh hidden folder beside its output path
 * (dist/.web-<time>-<random>), and the output path (dist/web) is a symbolic link that one
 * rename points at the finished build. A console reading dist/web sees the old build or the new
 * one, never a half-written or missing one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_RECORD, buildFolderPrefix, REPLACED_BUILD_SUFFIX } from '../common/build-folders.js';

/** How long a folder without a record may stay: far longer than any build takes. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

const prefixOf = (outdir: string) => buildFolderPrefix(path.basename(outdir));

/** A fresh, empty folder beside `outdir` for a new build of it. */
function freshBuildFolder(outdir: string): string {
  const parent = path.dirname(outdir);
  fs.mkdirSync(parent, { recursive: true });
  const folder = fs.mkdtempSync(path.join(parent, `${prefixOf(outdir)}${Date.now()}-`));
  // mkdtemp makes it private (0700); the build is read by whoever runs the console (a container's user).
  fs.chmodSync(folder, 0o755);
  return folder;
}

/** The build folder `outdir` points at now, or undefined. */
function currentTarget(outdir: string): string | undefined {
  try {
    return path.resolve(path.dirname(outdir), fs.readlinkSync(outdir));
  } catch {
    return undefined;
  }
}

/**
 * Points `outdir` at `built` in one rename (a link replacing a link is atomic) and returns the
 * build it replaced. An `outdir` that is still a plain folder, from before builds were linked,
 * is moved aside first: that once, there is a moment without it.
 */
function pointAt(outdir: string, built: string): string | undefined {
  let previous = currentTarget(outdir);
  const stat = fs.lstatSync(outdir, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    previous = `${built}${REPLACED_BUILD_SUFFIX}`;
    fs.renameSync(outdir, previous);
  }
  const link = `${built}.link`;
  fs.symlinkSync(path.basename(built), link);
  fs.renameSync(link, outdir);
  return previous;
}

/**
 * Removes the builds of `outdir` nobody needs: every finished one older than `built` but the
 * current and the one just replaced (a request may still be reading it), and folders a build
 * abandoned long ago. A build still running elsewhere has no record yet and is left alone.
 */
function removeOldBuilds(outdir: string, built: string, previous: string | undefined): void {
  const parent = path.dirname(outdir);
  const keep = new Set([built, previous, currentTarget(outdir)]);
  const ours = fs.statSync(path.join(built, BUILD_RECORD)).mtimeMs;
  for (const entry of fs.readdirSync(parent, { withFileTypes: true })) {
    const folder = path.join(parent, entry.name);
    if (!entry.isDirectory() || !entry.name.startsWith(prefixOf(outdir)) || keep.has(folder)) continue;
    const record = fs.statSync(path.join(folder, BUILD_RECORD), { throwIfNoEntry: false });
    const old = record
      ? record.mtimeMs <= ours
      : entry.name.endsWith(REPLACED_BUILD_SUFFIX) ||
        Date.now() - fs.statSync(folder).mtimeMs > ABANDONED_AFTER_MS;
    if (old) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Runs `build` into a fresh folder beside `outdir` (it must write BUILD_RECORD last), then points
 * `outdir` at it and removes older builds. A failed build leaves `outdir` as it was.
 */
export async function buildBeside<T>(outdir: string, build: (folder: string) => Promise<T>): Promise<T> {
  const folder = freshBuildFolder(outdir);
  let result: T;
  try {
    result = await build(folder);
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const previous = pointAt(outdir, folder);
  removeOldBuilds(outdir, folder, previous);
  return result;
}
