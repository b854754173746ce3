import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { V8_MEMORY_FLAGS, YOUNG_GENERATION_BYTES } from './memory-flags.js';

/**
 * Sets the given flags at run time, as the server does, then churns through objects that survive
 * a scavenge or two (a window of recent ones, like requests in flight): V8 grows its young
 * generation under that load unless told not to. Prints the young generation's size in MB.
 */
const churn = `import v8 from 'node:v8';
for (const flag of JSON.parse(process.argv[1])) v8.setFlagsFromString(flag);
const recent = new Array(200000);
for (let i = 0; i < 3000000; i++) recent[i % recent.length] = { i, name: 'item ' + i };
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
process.stdout.write(String(young.space_size / 1048576));`;

async function youngGenerationAfterChurn(flags: readonly string[]) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '--eval',
    churn,
    JSON.stringify(flags),
  ]);
  return { megabytes: Number(stdout), stderr };
}

describe('V8 memory flags', () => {
  it('are all known to this Node: V8 names an unknown one on stderr and ignores it', async () => {
    const { stderr } = await youngGenerationAfterChurn(V8_MEMORY_FLAGS);
    expect(stderr).toBe('');
  });

  it('keep the young generation at its first size when set at run time', async () => {
    const [unset, set] = await Promise.all([
      youngGenerationAfterChurn([]),
      youngGenerationAfterChurn(V8_MEMORY_FLAGS),
    ]);
    expect(unset.megabytes).toBeGreaterThan(4);
    expect(set.megabytes).toBeLessThanOrEqual(2);
  });

  it('let the young generation grow to its working size and hold it there', async () => {
    // The churn yields between rounds of about a megabyte, as a server does between requests,
    // so the collector's reports reach the observer; a window of recent objects survives a
    // collection or two (requests in flight), which is what makes V8 grow the young generation.
    const held = `import v8 from 'node:v8';
const { applyV8MemoryFlags, holdYoungGeneration } = await import(process.argv[1]);
applyV8MemoryFlags();
holdYoungGeneration();
const recent = new Array(40000);
for (let round = 0; round < 300; round++) {
  for (let i = 0; i < 20000; i++) recent[(round * 20000 + i) % recent.length] = { i, name: 'item ' + i };
  await new Promise((resolve) => setImmediate(resolve));
}
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
process.stdout.write(String(young.space_size));`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      held,
      new URL('./memory-flags.ts', import.meta.url).href,
    ]);
    expect(Number(stdout)).toBe(YOUNG_GENERATION_BYTES);
  });
});
