/**
 * The file kind: files matched by `paths` (globs; every .json, .yaml and .yml file by default),
 * on the console's file system or in the git repository at `url` (or the URL of the stored
 * `connection`, with its username and password), `ignore` globs left out. Each file is read by
 * its extension: JSON as one document, YAML as one per `---` document, anything else as text kept
 * in its format (the entry's `format`, else the extension). Every document then goes through the
 * base fields. A file that cannot be read or parsed is an error of that file. Files of the
 * console's own machine (local paths, `file://` repositories) are read only under the operator's
 * SCRAPER_FILE_ROOTS.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadAll } from 'js-yaml';
import { glob } from 'tinyglobby';
import type { ScrapeContext, ScrapeOutput, ScraperKind, ScrapedItem } from '../types.js';
import {
  checkBaseFields,
  entryOutput,
  EntryError,
  extractItems,
  parseDocument,
  type BaseFields,
} from './extract.js';
import { checkout } from './git-checkout.js';
import { messageOf, safeUrl, storedConnection, textField } from './support.js';

export type FileEntry = BaseFields & {
  url?: string;
  paths?: string[];
  ignore?: string[];
  icon?: string;
  connection?: string;
};

const DEFAULT_PATHS = ['**/*.json', '**/*.yaml', '**/*.yml'];

/** A file bigger than this is an error rather than a document held in memory whole. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The kernel's and devices' pseudo-files (a process's environment among them) are never items. */
const SYSTEM_DIRS = ['/proc', '/sys', '/dev'];

const isInside = (file: string, dir: string) =>
  file === dir || file.startsWith(dir.endsWith('/') ? dir : `${dir}/`);

/**
 * Why a matched file may not be read, if it may not: a repository's file must stay inside the
 * checkout once its path and links are followed (a link to the console's own files is not the
 * repository's), a local one inside SCRAPER_FILE_ROOTS.
 */
async function refusal(
  file: string,
  repositoryRoot: string | undefined,
  fileRoots: readonly string[],
): Promise<string | undefined> {
  const real = await fs.realpath(file);
  if (repositoryRoot && !isInside(real, repositoryRoot)) return 'it is outside the repository';
  if (SYSTEM_DIRS.some((dir) => isInside(real, dir))) return 'it is a system file';
  if (!repositoryRoot && !fileRoots.some((root) => isInside(real, root)))
    return 'it is outside SCRAPER_FILE_ROOTS';
  return undefined;
}

const NO_LOCAL_FILES =
  'this console reads no files of its own machine: its operator lists the directories file scrapers may read in SCRAPER_FILE_ROOTS';

/** The roots as the file system resolves them (a root that does not exist allows nothing). */
async function realRoots(roots: readonly string[]): Promise<string[]> {
  const resolved = await Promise.all(roots.map((root) => fs.realpath(root).catch(() => undefined)));
  return resolved.filter((root): root is string => root !== undefined);
}

/** A repository on this machine (`file://`, a path) is a local file like any other. */
async function checkLocalRepository(url: string, roots: readonly string[]): Promise<void> {
  const local = url.startsWith('file://') ? url.slice('file://'.length) : /^[./]/.test(url) ? url : undefined;
  if (local === undefined) return;
  const real = await fs.realpath(path.resolve(local)).catch(() => path.resolve(local));
  if (!roots.some((root) => isInside(real, root)))
    throw new EntryError(`the repository ${safeUrl(url)} is not read: it is outside SCRAPER_FILE_ROOTS`);
}

/** config-db's globs write `**.json` for "any .json at any depth". */
const asGlob = (pattern: string) => pattern.replace(/(^|\/)\*\*(?=\.)/g, '$1**/*');

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

/** The repository to read, when the entry names one. */
async function repositoryOf(entry: FileEntry, ctx: ScrapeContext) {
  const connectionRef = textField(entry as Record<string, unknown>, 'connection');
  let url = textField(entry as Record<string, unknown>, 'url');
  if (!connectionRef) return url ? { url } : undefined;
  const connection = await storedConnection(connectionRef, ctx);
  url = connection.url ?? url;
  if (!url) throw new EntryError(`connection ${connectionRef} has no URL`);
  if (connection.properties.authentication === 'ssh')
    throw new EntryError(
      `connection ${connectionRef} authenticates with an SSH key, which this console does not support for scrapers: use HTTPS with a username and password or token`,
    );
  return {
    url,
    username: connection.username,
    password: connection.password ?? connection.properties.token ?? connection.properties.personalAccessToken,
    ref: connection.properties.ref || connection.properties.branch || undefined,
  };
}

function documentsOf(file: string, text: string, format: string | undefined): unknown[] {
  const extension = path.extname(file).slice(1).toLowerCase();
  const declared = format?.toLowerCase();
  if (
    declared === 'yaml' ||
    declared === 'yml' ||
    (!declared && (extension === 'yaml' || extension === 'yml'))
  )
    return loadAll(text).filter((doc) => doc !== null && doc !== undefined);
  if (declared === 'json' || (!declared && extension === 'json')) return [JSON.parse(text) as unknown];
  return [parseDocument(text, declared)];
}

export const fileKind: ScraperKind<FileEntry> = {
  kind: 'file',
  async scrape(entry, ctx): Promise<ScrapeOutput> {
    checkBaseFields(entry);
    const repository = await repositoryOf(entry, ctx);
    const fileRoots = await realRoots(ctx.fileRoots);
    if (repository) await checkLocalRepository(repository.url, fileRoots);
    else if (!fileRoots.length) throw new EntryError(NO_LOCAL_FILES);
    // Local globs are matched from the file system's root, so that `ignore` applies to absolute paths too.
    let root = '/';
    let sourcePrefix = '';
    if (repository) {
      try {
        root = await checkout(repository, ctx.workDir, ctx.signal);
      } catch (error) {
        throw new EntryError(
          `the repository ${safeUrl(repository.url)} could not be read: ${messageOf(error, ctx)}`,
        );
      }
      sourcePrefix = `${safeUrl(repository.url)}/`;
    }
    const fromRoot = (pattern: string) =>
      repository ? pattern : path.resolve(process.cwd(), pattern).slice(1);
    const paths = strings(entry.paths).map(asGlob);
    const ignore = strings(entry.ignore)
      .map(asGlob)
      .map((pattern) => (pattern.startsWith('**') ? pattern : fromRoot(pattern)));
    const files = await glob((paths.length ? paths : DEFAULT_PATHS).map(fromRoot), {
      cwd: root,
      ignore: [...ignore, '**/.git/**'],
      onlyFiles: true,
      // Local files are named by their full path; a repository's by their path inside it.
      absolute: !repository,
    });
    files.sort();
    const repositoryRoot = repository ? await fs.realpath(root) : undefined;
    const items: ScrapedItem[] = [];
    const errors: string[] = [];
    for (const file of files) {
      if (ctx.signal.aborted) throw new EntryError('the scrape was stopped');
      const label = `file ${file}`;
      const absolute = path.resolve(root, file);
      let text: string;
      try {
        const refused = await refusal(absolute, repositoryRoot, fileRoots);
        if (refused) {
          errors.push(`${label} is not read: ${refused}`);
          continue;
        }
        const stat = await fs.stat(absolute);
        if (stat.size > MAX_FILE_BYTES) {
          errors.push(`${label}: ${stat.size} bytes is more than the ${MAX_FILE_BYTES} a file may have`);
          continue;
        }
        text = await fs.readFile(absolute, 'utf8');
      } catch (error) {
        errors.push(`${label} could not be read: ${messageOf(error, ctx)}`);
        continue;
      }
      let documents: unknown[];
      try {
        documents = documentsOf(file, text, entry.format);
      } catch (error) {
        errors.push(`${label} could not be parsed: ${messageOf(error, ctx)}`);
        continue;
      }
      const format = entry.format || path.extname(file).slice(1).toLowerCase() || 'text';
      documents.forEach((document, index) => {
        const found = extractItems(document, entry, {
          source: repository ? `${sourcePrefix}${file}` : file,
          format,
          label: documents.length > 1 ? `${label} (document ${index + 1})` : label,
        });
        items.push(...found.items);
        errors.push(...found.errors);
      });
    }
    return entryOutput(items, errors);
  },
};
