import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * V8 settings that keep the server's memory near what it actually holds (docs/memory.md says
 * why each number). They are set by the program rather than on its command line so that every
 * way of starting it (npm start, the image, the chart, cluster workers, the bench) runs with
 * them. V8 reads each one when it resizes a space or schedules a compilation, so setting them
 * before the service's modules load is enough; flags read only while V8 starts up cannot be set
 * here.
 */
export const V8_MEMORY_FLAGS = [
  // The young generation does not grow while the service's modules load (they grew it to 16 MB
  // per semi-space); holdYoungGeneration lets it grow to its working size afterwards.
  '--semi-space-growth-factor=1',
  // After a full GC the old generation may grow by half of what stayed live before the next one,
  // where V8 would otherwise allow up to four times on a machine with memory to spare.
  '--heap-growing-percent=50',
  // PGlite's hot functions are recompiled by the optimizing compiler one at a time: each
  // concurrent compilation keeps its own malloc arena, whose memory is not given back.
  '--wasm-num-compilation-tasks=1',
];

/**
 * The young generation the service works with, both semi-spaces: 8 MB each. At V8's first 1 MB a
 * burst of requests in flight was copied at every megabyte allocated (the collector took a
 * quarter of the server's CPU in the burst; 16% at 4 MB, 13% at 16 MB); at the 16 MB V8 grows
 * it to, a first start sat at the 300 MB line after three bursts.
 */
export const YOUNG_GENERATION_BYTES = 16 * 1024 * 1024;

export function applyV8MemoryFlags(): void {
  for (const flag of V8_MEMORY_FLAGS) v8.setFlagsFromString(flag);
}

const youngGenerationBytes = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/** V8 grows the young generation as far as it would on its own (its default factor). */
export function releaseYoungGeneration(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=2');
}

/**
 * Keeps the young generation at `bytes`: after every collection, V8 may grow it (doubling) while
 * it is smaller and may not once it has reached that. V8 reads no ceiling set at run time, and it
 * shrinks the young generation itself when the process idles, so the growth is steered for good
 * rather than switched off once.
 */
export function holdYoungGeneration(bytes = YOUNG_GENERATION_BYTES): void {
  let growing: boolean | undefined;
  const steer = () => {
    const grow = youngGenerationBytes() < bytes;
    if (grow === growing) return;
    growing = grow;
    v8.setFlagsFromString(`--semi-space-growth-factor=${grow ? 2 : 1}`);
  };
  new PerformanceObserver(steer).observe({ entryTypes: ['gc'] });
  steer();
}
