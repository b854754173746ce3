import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backendsOf } from '../backends.js';
import { readFileLogs } from './file.js';
import { BackendError, type BackendContext } from './types.js';

const T0 = Date.parse('2026-06-11T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

describe('the file log backend', () => {
  let root: string;
  let outside: string;
  const ctx = (): BackendContext => ({
    fileRoots: [root],
    secrets: new Set(),
    connection: async () => undefined,
    credential: async () => undefined,
  });
  const backend = (paths: string[]) =>
    backendsOf({
      id: 'b',
      name: 'files',
      namespace: 'default',
      spec: { file: { path: paths, labels: { team: 'web' } } },
    })[0]!;
  const search = (over: Partial<Parameters<typeof readFileLogs>[1]> = {}) => ({
    selector: { name: 'app', type: 'file' },
    start: new Date(T0),
    end: new Date(T0 + 3_600_000),
    limit: 10,
    signal: new AbortController().signal,
    ...over,
  });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'log-files-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'not-logs-'));
    // Lines longer than a read chunk together, so that reading back crosses chunks mid-line.
    const lines = Array.from({ length: 3000 }, (_, i) => `${at(i)} line ${i} ${'x'.repeat(40)}`);
    fs.writeFileSync(path.join(root, 'app.log'), `${lines.join('\n')}\n`);
    fs.writeFileSync(path.join(root, 'other.log'), `${at(2999.5)} other newest\nno time here\n`);
    fs.writeFileSync(path.join(outside, 'secret.log'), `${at(1)} not yours\n`);
    fs.symlinkSync(path.join(outside, 'secret.log'), path.join(root, 'link.log'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('answers the newest lines first, each with its time, message and labels', async () => {
    const answer = await readFileLogs(backend([path.join(root, 'app.log')]), search({ limit: 3 }), ctx());
    expect(answer.results).toEqual([
      {
        timestamp: at(2999),
        message: `line 2999 ${'x'.repeat(40)}`,
        labels: { team: 'web', path: path.join(root, 'app.log') },
      },
      expect.objectContaining({ timestamp: at(2998) }),
      expect.objectContaining({ timestamp: at(2997) }),
    ]);
    expect(answer.nextPage).toEqual(expect.any(String));
  });

  it('pages back through a file without losing or repeating a line', async () => {
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const answer = await readFileLogs(
        backend([path.join(root, 'app.log')]),
        search({ limit: 700, page, start: new Date(T0 + 1000 * 1000) }),
        ctx(),
      );
      seen.push(...answer.results.map((line) => line.message.split(' ')[1]!));
      page = answer.nextPage;
    } while (page);
    expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => String(2999 - i)));
  });

  it('merges files by time; a last line without a time has the file modification time', async () => {
    const when = new Date(T0 + 4000_000);
    fs.utimesSync(path.join(root, 'other.log'), when, when);
    const answer = await readFileLogs(
      backend([path.join(root, '*.log')]),
      search({ limit: 3, end: new Date(T0 + 5000_000) }),
      ctx(),
    );
    expect(answer.results.map((line) => line.message.slice(0, 13))).toEqual([
      'no time here',
      'other newest',
      'line 2999 xxx',
    ]);
    const untimed = await readFileLogs(
      backend([path.join(root, '*.log')]),
      search({ query: 'NO TIME', end: new Date(T0 + 5000_000) }),
      ctx(),
    );
    expect(untimed.results).toEqual([
      expect.objectContaining({ message: 'no time here', timestamp: when.toISOString() }),
    ]);
  });

  it('reads only inside LOG_FILE_ROOTS, links followed', async () => {
    const answer = await readFileLogs(backend([path.join(root, 'link.log')]), search(), ctx());
    expect(answer.results).toEqual([]);
    await expect(
      readFileLogs(backend([path.join(root, 'app.log')]), search(), { ...ctx(), fileRoots: [] }),
    ).rejects.toThrow(BackendError);
  });
});
