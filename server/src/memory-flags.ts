import v8 from 'node:v8';

/**
 * V8 settings that keep the server's memory near what it actually holds (docs/memory.md says
 * why each number). They are set by the program rather than on its command line so that every
 * way of starting it (npm start, the image, the chart, cluster workers, the bench) runs with
 * them. V8 reads each one when it resizes a space or schedules a compilation, so setting them
 * before the database opens is enough; flags read only while V8 starts up cannot be set here.
 */
export const V8_MEMORY_FLAGS = [
  // The young generation stays at its first 1 MB per semi-space instead of growing to 16 MB:
  // with a console's short-lived request objects the bigger nursery only held garbage.
  '--semi-space-growth-factor=1',
  // After a full GC the old generation may grow by half of what stayed live before the next one,
  // where V8 would otherwise allow up to four times on a machine with memory to spare.
  '--heap-growing-percent=50',
  // PGlite's hot functions are recompiled by the optimizing compiler one at a time: each
  // concurrent compilation keeps its own malloc arena, whose memory is not given back.
  '--wasm-num-compilation-tasks=1',
];

export function applyV8MemoryFlags(): void {
  for (const flag of V8_MEMORY_FLAGS) v8.setFlagsFromString(flag);
}
