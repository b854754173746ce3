import type { Entry } from '../canary-spec.js';
import {
  cap,
  describeError,
  fail,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';
import { apiTargetOf, below, describeFetchError, getJson, type ApiTarget } from './http-api.js';

const RESULTS_KEPT = 20;

interface QueryAnswer {
  status?: string;
  error?: string;
  data?: { resultType?: string; result?: unknown };
}

/** Each sample as upstream gives it to tests: its labels and its `value` as a number. */
function samplesOf(data: QueryAnswer['data']): Record<string, unknown>[] {
  const result = data?.result;
  if (data?.resultType === 'scalar' && Array.isArray(result)) return [{ value: Number(result[1]) }];
  if (data?.resultType !== 'vector' || !Array.isArray(result)) return [];
  return (result as { metric?: Record<string, string>; value?: [number, string] }[]).map((sample) => ({
    ...sample.metric,
    value: Number(sample.value?.[1]),
  }));
}

/**
 * Runs the PromQL `query` at the current time; passes unless the server refuses it or the
 * check's `test` (over `value`, `firstResult` and `results`) is false.
 */
export async function runPrometheus(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const query = str(entry.query);
  if (!query) return fail('query is required');
  let target: ApiTarget | undefined;
  const started = performance.now();
  let answer: QueryAnswer;
  try {
    target = apiTargetOf(entry);
    const url = below(target, 'api/v1/query');
    url.searchParams.set('query', query);
    answer = (await getJson(target, url, ctx)) as QueryAnswer;
  } catch (error) {
    return fail(target ? describeFetchError(error, ctx, target) : describeError(error, ctx));
  }
  if (answer.status !== 'success') return fail(cap(`query failed: ${answer.error ?? 'no reason given'}`));
  if (answer.data?.resultType === 'matrix' || answer.data?.resultType === 'string')
    return fail(`query gave a ${answer.data.resultType}; an instant vector or scalar is expected`);
  const elapsed = Math.round(performance.now() - started);
  const results = samplesOf(answer.data);
  const firstResult = results[0] ?? {};
  const value = results[0]?.value ?? 0;
  const message =
    results.length === 0
      ? `no results in ${elapsed}ms`
      : `${results.length} ${results.length === 1 ? 'result' : 'results'}, first ${String(value)}, in ${elapsed}ms`;
  const detail = { value, results: results.slice(0, RESULTS_KEPT), count: results.length, elapsed };
  const context = { value, firstResult, results };
  const slow = slowerThanThreshold(elapsed, entry);
  return { ...(slow ? fail(slow, message, detail) : pass(message, detail)), context };
}
