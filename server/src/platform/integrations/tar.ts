/**
 * The files of a gzipped tar archive (a Helm chart's .tgz): unpacked with node:zlib under a size
 * bound, then read with tar-stream (ustar, PAX and GNU long names).
 */
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';

export class ArchiveError extends Error {}

export interface ReadOptions {
  /** The most bytes the archive may unpack to. */
  maxUnpackedBytes: number;
}

function gunzip(archive: Buffer, maxUnpackedBytes: number): Buffer {
  try {
    return gunzipSync(archive, { maxOutputLength: maxUnpackedBytes });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ArchiveError(
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `the archive unpacks to more than ${Math.round(maxUnpackedBytes / 1024 / 1024)} MB`
        : 'the archive is not a gzipped file',
    );
  }
}

/** The regular files of the archive whose paths `wanted` accepts, by path. */
export async function readTgz(
  archive: Buffer,
  wanted: (path: string) => boolean,
  { maxUnpackedBytes }: ReadOptions,
): Promise<Map<string, Buffer>> {
  const tar = gunzip(archive, maxUnpackedBytes);
  const files = new Map<string, Buffer>();
  const entries = extract();
  Readable.from([tar]).pipe(entries);
  try {
    for await (const entry of entries) {
      const path = entry.header.name.replace(/^\.\//, '');
      if (entry.header.type !== 'file' || !wanted(path)) {
        entry.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      files.set(path, Buffer.concat(chunks));
    }
  } catch {
    throw new ArchiveError('the archive is damaged or cut short');
  }
  return files;
}
