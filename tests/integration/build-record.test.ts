import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent, recordBuild } from '../../hack/build-record.js';

// The freshness check behind `npm start`: a build is skipped only while nothing it read or
// wrote has changed.
describe('build records', () => {
  let root: string;
  let record: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  /** Moves a file's modification time, as an editor saving it would. */
  const touch = (file: string) => {
    const later = new Date(fs.statSync(path.join(root, file)).mtimeMs + 5000);
    fs.utimesSync(path.join(root, file), later, later);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-record-'));
    record = path.join(root, 'out/.build-record.json');
    write('src/main.ts', 'export {}');
    write('package-lock.json', '{}');
    write('migrations/001.sql', 'select 1;');
    write('out/main.js', 'built');
    recordBuild(root, record, {
      options: '{"minify":true}',
      files: ['src/main.ts', 'package-lock.json', 'out/main.js', 'src/gone-before-the-build.ts'],
      dirs: ['migrations'],
    });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is current while nothing changed', () => {
    expect(isBuildCurrent(root, record, '{"minify":true}')).toBe(true);
  });

  it('is stale without a record or with other options', () => {
    expect(isBuildCurrent(root, path.join(root, 'out/none.json'), '{"minify":true}')).toBe(false);
    expect(isBuildCurrent(root, record, '{"minify":false}')).toBe(false);
  });

  it.each(['src/main.ts', 'package-lock.json', 'out/main.js', 'migrations/001.sql'])(
    'is stale once %s is saved again',
    (file) => {
      touch(file);
      expect(isBuildCurrent(root, record, '{"minify":true}')).toBe(false);
    },
  );

  it('is stale when an input changes size', () => {
    write('src/main.ts', 'export const changed = 1;');
    expect(isBuildCurrent(root, record, '{"minify":true}')).toBe(false);
  });

  it('is stale when an output is deleted', () => {
    fs.rmSync(path.join(root, 'out/main.js'));
    expect(isBuildCurrent(root, record, '{"minify":true}')).toBe(false);
  });

  it('is stale when a file is added to a folder taken whole', () => {
    write('migrations/002.sql', 'select 2;');
    expect(isBuildCurrent(root, record, '{"minify":true}')).toBe(false);
  });
});
