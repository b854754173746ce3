import {
  cachedChartRepository,
  latestEntry,
  type ChartFiles,
  type ChartRepository,
} from './chart-repository.js';

const entry = (version: string) => ({ version, urls: [`c-${version}.tgz`] });

describe('latestEntry', () => {
  test('takes the highest stable version, as helm install without --version does', () => {
    const entries = ['1.9.0', '1.10.0', '2.0.0-rc.1', 'not-a-version', '1.10.0-beta'].map(entry);
    expect(latestEntry(entries)?.version).toBe('1.10.0');
  });

  test('takes the highest prerelease when there is no stable version', () => {
    const entries = ['1.0.0-alpha', '1.0.0-alpha.2', '1.0.0-beta', '1.0.0-alpha.10'].map(entry);
    expect(latestEntry(entries)?.version).toBe('1.0.0-beta');
    expect(latestEntry(['1.0.0-alpha.2', '1.0.0-alpha.10'].map(entry))?.version).toBe('1.0.0-alpha.10');
  });

  test('none for no versions', () => {
    expect(latestEntry([])).toBeUndefined();
  });
});

describe('cachedChartRepository', () => {
  const files: ChartFiles = { chart: 'c', version: '1.0.0', schema: null, values: {} };

  test('keeps answers for the time given, and failures not at all', async () => {
    let now = 0;
    let reads = 0;
    let fail = true;
    const repository: ChartRepository = {
      url: 'http://charts',
      read: async () => {
        reads++;
        if (fail) throw new Error('down');
        return files;
      },
    };
    const cached = cachedChartRepository(repository, { ttlMs: 1000, now: () => now });
    await expect(cached.read('c')).rejects.toThrow('down');
    fail = false;
    await expect(cached.read('c')).resolves.toBe(files);
    await cached.read('c');
    expect(reads).toBe(2);
    now = 1000;
    await cached.read('c');
    expect(reads).toBe(3);
    await cached.read('c', '1.0.0');
    expect(reads).toBe(4);
  });
});
