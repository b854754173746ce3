/** Small helpers for timing loops and printing figures against budgets. */

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

export const ms = (value: number) => `${value.toFixed(2)} ms`;

export function verdict(ok: boolean): string {
  return ok ? 'within budget' : 'OVER BUDGET';
}
