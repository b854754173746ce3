/**
 * The names of a build's folders beside its output path (hack/build-folders.ts), which the server
 * reads too: a page loaded from the build a rebuild replaced still gets its files.
 */

/** A build's record, written last: a folder without one is still being built (or was abandoned). */
export const BUILD_RECORD = '.build-record.json';

/** The name's end of a plain output folder moved aside: finished, though it may hold no record. */
export const REPLACED_BUILD_SUFFIX = '-replaced';

/** The start of the names of `outdir`'s build folders: dist/web's are dist/.web-<time>-<random>. */
export const buildFolderPrefix = (outdirName: string) => `.${outdirName}-`;
