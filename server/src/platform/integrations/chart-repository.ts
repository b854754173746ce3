/**
 * Reading a chart's values schema and default values from a Helm chart repository: its
 * index.yaml names each chart's versions and where their archives are; the latest stable version
 * (or the one asked for) is downloaded and its values.schema.json and values.yaml read. Every
 * failure is a sentence for the person at the values editor, never a stack: an air-gapped
 * console still offers the editor, without the schema.
 */
import { load } from 'js-yaml';
import { reasonOf } from '../../kube/connection.js';
import { ArchiveError, readTgz } from './tar.js';

export interface ChartFiles {
  chart: string;
  version: string;
  /** The chart's values.schema.json; null when the chart has none (or one that does not parse). */
  schema: Record<string, unknown> | null;
  /** The chart's values.yaml ({} when it has none). */
  values: Record<string, unknown>;
  /** Why there is no schema, when there is none. */
  error?: string;
}

export interface ChartRepositoryLimits {
  /** How long one download may take (default 10 s). */
  timeoutMs?: number;
  /** The largest index.yaml read (default 32 MB: big repositories list thousands of versions). */
  maxIndexBytes?: number;
  /** The largest chart archive read (default 10 MB), and four times that unpacked. */
  maxChartBytes?: number;
}

/** A failure to read the chart: the message is the whole answer's `error`. */
export class ChartUnavailable extends Error {}

export const NOT_CHECKED = "The values are not checked against the chart's schema.";

const MB = 1024 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body of a GET, refused past `maxBytes`, aborted after `timeoutMs`. */
async function download(url: URL, { timeoutMs, maxBytes }: { timeoutMs: number; maxBytes: number }) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!response.ok) {
    await response.body?.cancel();
    throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  const tooLarge = () => new Error(`larger than ${Math.round(maxBytes / MB)} MB`);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    total += read.value.length;
    if (total > maxBytes) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

/** A download's failure in a few words: 'connection refused', 'timed out', 'HTTP 404'. */
function failureReason(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timed out';
  const status = (error as { status?: number })?.status;
  if (status) return `HTTP ${status}`;
  const reason = reasonOf(error);
  // fetch() says only 'fetch failed' and keeps the network reason in its cause.
  return reason === 'fetch failed' ? 'the connection failed' : reason;
}

interface SemVer {
  numbers: [number, number, number];
  prerelease: string[];
}

function parseVersion(text: string): SemVer | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text);
  if (!match) return undefined;
  return {
    numbers: [Number(match[1]), Number(match[2]), Number(match[3])],
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

/** Semantic version precedence: numbers, then a release above its prereleases, then identifiers. */
export function compareVersions(a: SemVer, b: SemVer): number {
  for (let i = 0; i < 3; i++) if (a.numbers[i] !== b.numbers[i]) return a.numbers[i]! - b.numbers[i]!;
  if (a.prerelease.length === 0 || b.prerelease.length === 0)
    return b.prerelease.length - a.prerelease.length;
  for (let i = 0; i < Math.min(a.prerelease.length, b.prerelease.length); i++) {
    const [x, y] = [a.prerelease[i]!, b.prerelease[i]!];
    if (x === y) continue;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.prerelease.length - b.prerelease.length;
}

interface IndexEntry {
  version: string;
  urls: string[];
}

/** The version `helm install` takes without --version: the highest stable one, else the highest. */
export function latestEntry(entries: IndexEntry[]): IndexEntry | undefined {
  const parsed = entries
    .map((entry) => ({ entry, version: parseVersion(entry.version) }))
    .filter((item): item is { entry: IndexEntry; version: SemVer } => item.version !== undefined)
    .sort((a, b) => compareVersions(b.version, a.version));
  return (parsed.find((item) => item.version.prerelease.length === 0) ?? parsed[0])?.entry;
}

function entriesOf(index: unknown, chart: string): IndexEntry[] | undefined {
  if (!isPlainObject(index) || !isPlainObject(index.entries)) return undefined;
  const list = index.entries[chart];
  if (!Array.isArray(list)) return [];
  return list
    .filter(isPlainObject)
    .filter((entry) => typeof entry.version === 'string' && Array.isArray(entry.urls))
    .map((entry) => ({
      version: entry.version as string,
      urls: (entry.urls as unknown[]).filter((url): url is string => typeof url === 'string'),
    }));
}

/** values.schema.json and values.yaml at the top of the chart's folder (not of its subcharts). */
const topLevel = (path: string, file: string) => new RegExp(`^[^/]+/${file.replace('.', '\\.')}$`).test(path);

export interface ChartRepository {
  readonly url: string;
  /** The chart's files at `version` (default: the latest); throws ChartUnavailable. */
  read(chart: string, version?: string): Promise<ChartFiles>;
}

export function createChartRepository(url: string, limits: ChartRepositoryLimits = {}): ChartRepository {
  const timeoutMs = limits.timeoutMs ?? 10_000;
  const maxIndexBytes = limits.maxIndexBytes ?? 32 * MB;
  const maxChartBytes = limits.maxChartBytes ?? 10 * MB;
  const base = new URL(url.endsWith('/') ? url : `${url}/`);

  async function read(chart: string, version?: string): Promise<ChartFiles> {
    let indexText: Buffer;
    try {
      indexText = await download(new URL('index.yaml', base), { timeoutMs, maxBytes: maxIndexBytes });
    } catch (error) {
      throw new ChartUnavailable(
        `Could not reach the chart repository ${url}: ${failureReason(error)}. ${NOT_CHECKED}`,
      );
    }
    let index: unknown;
    try {
      index = load(indexText.toString('utf8'));
    } catch {
      index = undefined;
    }
    const entries = entriesOf(index, chart);
    if (!entries)
      throw new ChartUnavailable(
        `The chart repository ${url} did not answer a Helm repository index (index.yaml). ${NOT_CHECKED}`,
      );
    const entry = version ? entries.find((item) => item.version === version) : latestEntry(entries);
    if (!entry)
      throw new ChartUnavailable(
        version && entries.length > 0
          ? `The chart repository ${url} has no version ${version} of the chart ${chart}. ${NOT_CHECKED}`
          : `The chart repository ${url} has no chart named ${chart}. ${NOT_CHECKED}`,
      );
    const archiveUrl = entry.urls[0] ? new URL(entry.urls[0], base) : undefined;
    if (!archiveUrl || (archiveUrl.protocol !== 'http:' && archiveUrl.protocol !== 'https:'))
      throw new ChartUnavailable(
        `The chart repository ${url} gives no http(s) address for ${chart} ${entry.version}. ${NOT_CHECKED}`,
      );

    let files: Map<string, Buffer>;
    try {
      const archive = await download(archiveUrl, { timeoutMs, maxBytes: maxChartBytes });
      files = await readTgz(
        archive,
        (path) => topLevel(path, 'values.schema.json') || topLevel(path, 'values.yaml'),
        { maxUnpackedBytes: 4 * maxChartBytes },
      );
    } catch (error) {
      const reason = error instanceof ArchiveError ? error.message : failureReason(error);
      throw new ChartUnavailable(
        `Could not download the chart ${chart} ${entry.version} from ${archiveUrl.href}: ${reason}. ${NOT_CHECKED}`,
      );
    }
    const file = (name: string) => [...files].find(([path]) => topLevel(path, name))?.[1];

    let values: Record<string, unknown> = {};
    const valuesText = file('values.yaml');
    if (valuesText) {
      try {
        const parsed = load(valuesText.toString('utf8'));
        if (isPlainObject(parsed)) values = parsed;
      } catch {
        // Helm itself would refuse such a chart; the editor still opens, without defaults.
      }
    }
    const found = { chart, version: entry.version, values };
    const schemaText = file('values.schema.json');
    if (!schemaText)
      return {
        ...found,
        schema: null,
        error: `The chart ${chart} ${entry.version} has no values schema. ${NOT_CHECKED}`,
      };
    let schema: unknown;
    try {
      schema = JSON.parse(schemaText.toString('utf8'));
    } catch {
      schema = undefined;
    }
    if (!isPlainObject(schema))
      return {
        ...found,
        schema: null,
        error: `The values schema of the chart ${chart} ${entry.version} is not a JSON object. ${NOT_CHECKED}`,
      };
    return { ...found, schema };
  }

  return { url, read };
}

/**
 * The repository with its answers kept for `ttlMs` (failures are not kept: a repository that
 * comes back is seen at the next try), and one download at a time per chart and version.
 */
export function cachedChartRepository(
  repository: ChartRepository,
  {
    ttlMs = 10 * 60_000,
    maxEntries = 50,
    now = Date.now,
  }: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): ChartRepository {
  const kept = new Map<string, { at: number; files: Promise<ChartFiles> }>();
  return {
    url: repository.url,
    read(chart, version) {
      const key = `${chart}@${version ?? ''}`;
      const hit = kept.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.files;
      kept.delete(key);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      const files = repository.read(chart, version);
      kept.set(key, { at: now(), files });
      files.catch(() => {
        if (kept.get(key)?.files === files) kept.delete(key);
      });
      return files;
    },
  };
}
