/**
 * Brotli and gzip (level 9) copies of a build's text assets, written beside them as
 * `<file>.br` and `<file>.gz`: the server sends them as they are to a browser that accepts them
 * (server/src/http/web-ui.ts), so no request pays for compressing, and the bytes are fewer than
 * compressing on the fly at a cheap level gives. Brotli's maximum quality is slow (about 4 s a
 * megabyte on this machine), so it goes to the files a first load downloads; the others (pages
 * opened later) get a quality that takes a fiftieth of the time for about 10 % more bytes.
 * Source maps are left to the server's own compression: only developer tools ask for them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg|txt|json)$/;

const QUICK_QUALITY = 5;

/** `firstLoad`: the absolute paths of the files that get brotli's maximum quality. */
export async function precompress(dir: string, firstLoad: ReadonlySet<string>): Promise<void> {
  const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: firstLoad.has(file)
              ? zlib.constants.BROTLI_MAX_QUALITY
              : QUICK_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A file too small to gain is served as it is.
      if (br.length < bytes.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await fs.promises.writeFile(`${file}.gz`, gz);
    }),
  );
}
