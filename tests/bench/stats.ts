/** Small helpers for timing loops and summarizing samples. */

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface Timing {
  p50: number;
  p95: number;
  n: number;
}

export function summarize(samplesMs: number[]): Timing {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Runs fn `warmup` times untimed, then `n` times timed, one after another. */
export async function time(n: number, fn: (i: number) => Promise<unknown>, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/**
 * Times fn on every subject in turn (A, B, A, B…), so that each sees the same machine state;
 * one Timing per subject.
 */
export async function timeInterleaved<S>(
  subjects: readonly S[],
  n: number,
  fn: (subject: S, i: number) => Promise<unknown>,
  warmup = 20,
): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const subject of subjects) await fn(subject, i);
  const samples = subjects.map((): number[] => []);
  for (let i = 0; i < n; i++) {
    for (const [k, subject] of subjects.entries()) {
      const started = performance.now();
      await fn(subject, i);
      samples[k]!.push(performance.now() - started);
    }
  }
  return samples.map(summarize);
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
