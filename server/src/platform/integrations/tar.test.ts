import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ArchiveError, readTgz } from './tar.js';

const limits = { maxUnpackedBytes: 1024 * 1024 };

/** An archive made by the system's tar, from files under one folder. */
function tgzOf(files: Record<string, string>, format = 'gnu'): Buffer {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tar-test-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    const archive = path.join(root, 'out.tgz');
    execFileSync('tar', [`--format=${format}`, '-czf', archive, '-C', root, ...Object.keys(files)]);
    return fs.readFileSync(archive);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('readTgz', () => {
  test.each(['gnu', 'ustar', 'pax'])('reads the files it is asked for from a %s archive', async (format) => {
    const archive = tgzOf({ 'chart/values.yaml': 'a: 1\n', 'chart/Chart.yaml': 'name: chart\n' }, format);
    const files = await readTgz(archive, (name) => name.endsWith('values.yaml'), limits);
    expect([...files.keys()]).toEqual(['chart/values.yaml']);
    expect(files.get('chart/values.yaml')?.toString()).toBe('a: 1\n');
  });

  test.each(['gnu', 'pax'])('reads names longer than 100 characters (%s)', async (format) => {
    const long = `chart/${'deep/'.repeat(30)}values.yaml`;
    const files = await readTgz(tgzOf({ [long]: 'long: true\n' }, format), () => true, limits);
    expect(files.get(long)?.toString()).toBe('long: true\n');
  });

  test('refuses what is not gzip, and an archive that unpacks past the limit', async () => {
    await expect(readTgz(Buffer.from('plain text'), () => true, limits)).rejects.toThrow(
      new ArchiveError('the archive is not a gzipped file'),
    );
    const big = gzipSync(Buffer.alloc(2 * 1024 * 1024));
    await expect(readTgz(big, () => true, limits)).rejects.toThrow(
      new ArchiveError('the archive unpacks to more than 1 MB'),
    );
  });
});
