/**
 * The CEL environment of `test`, `display` and `transform` expressions: CEL's standard library
 * (from cel-js) plus the gomplate extensions canaries use (flanksource/gomplate CEL.md):
 * Duration/age/HumanDuration/HumanSize, map keys/values/merge/omit, list sort/distinct/uniq/
 * flatten/reverse/slice, string charAt/replace/reverse/trimPrefix/trimSuffix/title, JSON and
 * toJSON, and the time.Now/Since/Until/ParseDuration namespace.
 */
import { Environment } from '@marcbachmann/cel-js';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import {
  durationFromMs,
  durationFromNanos,
  humanDuration,
  humanSize,
  nanosOf,
  parseGoDuration,
} from './go-values.js';

const TS = 'google.protobuf.Timestamp';
const DUR = 'google.protobuf.Duration';

class TimeNamespace {}

/** JSON text of a CEL value: ints as numbers, durations in nanoseconds (as Go marshals them). */
export function celToJSON(value: unknown, indent?: string): string {
  return JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v === 'bigint') return Number(v);
      if (v instanceof Duration) return Number(nanosOf(v));
      if (v instanceof Map) return Object.fromEntries(v);
      return v;
    },
    indent,
  );
}

const entriesOf = (m: unknown): [string, unknown][] =>
  m instanceof Map ? [...m.entries()].map(([k, v]) => [String(k), v]) : Object.entries(m as object);

function ageOf(value: unknown): Duration {
  if (typeof value === 'string') {
    const at = Date.parse(value);
    if (Number.isNaN(at)) throw new Error(`cannot read '${value}' as a time`);
    return durationFromMs(Date.now() - at);
  }
  if (value instanceof Date) return durationFromMs(Date.now() - value.getTime());
  if (typeof value === 'bigint') return durationFromNanos(value);
  if (typeof value === 'number') return durationFromNanos(BigInt(Math.trunc(value)));
  if (value instanceof Duration) return value;
  throw new Error('cannot convert the value into a duration');
}

function flatten(list: unknown[]): unknown[] {
  return list.flatMap((v) => (Array.isArray(v) ? flatten(v) : [v]));
}

function distinct(list: unknown[]): unknown[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const key = `${typeof v}:${celToJSON(v)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const sortKey = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v) as number | string;

function makeEnvironment(): Environment {
  const env = new Environment({
    // Variables are whatever the check saw: each is dyn, as gomplate declares them.
    unlistedVariablesAreDyn: true,
    homogeneousAggregateLiterals: false,
    enableOptionalTypes: true,
  });
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);

  fn(`Duration(string): ${DUR}`, (s: string) => parseGoDuration(s));
  fn(`age(dyn): ${DUR}`, (v: unknown) => ageOf(v));
  fn(`Age(dyn): ${DUR}`, (v: unknown) => ageOf(v));
  fn('HumanDuration(dyn): string', (v: unknown) => humanDuration(v));
  fn('HumanSize(dyn): string', (v: unknown) => humanSize(Number(v)));

  env.registerType('TimeNamespace', TimeNamespace);
  env.registerConstant('time', 'TimeNamespace', new TimeNamespace());
  fn(`TimeNamespace.Now(): ${TS}`, () => new Date());
  fn(`TimeNamespace.Since(${TS}): ${DUR}`, (_t: TimeNamespace, at: Date) =>
    durationFromMs(Date.now() - at.getTime()),
  );
  fn(`TimeNamespace.Until(${TS}): ${DUR}`, (_t: TimeNamespace, at: Date) =>
    durationFromMs(at.getTime() - Date.now()),
  );
  fn(`TimeNamespace.ParseDuration(string): ${DUR}`, (_t: TimeNamespace, s: string) => parseGoDuration(s));

  fn('map.keys(): list<string>', (m: unknown) => entriesOf(m).map(([k]) => k));
  fn('map.values(): list', (m: unknown) => entriesOf(m).map(([, v]) => v));
  fn('map.merge(map): map', (a: unknown, b: unknown) =>
    Object.fromEntries([...entriesOf(a), ...entriesOf(b)]),
  );
  fn('map.omit(list): map', (m: unknown, keys: unknown[]) =>
    Object.fromEntries(entriesOf(m).filter(([k]) => !keys.includes(k))),
  );
  fn('list.sort(): list', (l: unknown[]) =>
    [...l].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0)),
  );
  fn('list.distinct(): list', (l: unknown[]) => distinct(l));
  fn('list.uniq(): list', (l: unknown[]) => distinct(l));
  fn('list.flatten(): list', (l: unknown[]) => flatten(l));
  fn('list.reverse(): list', (l: unknown[]) => [...l].reverse());
  fn('list.slice(int, int): list', (l: unknown[], from: bigint, to: bigint) =>
    l.slice(Number(from), Number(to)),
  );

  fn('string.charAt(int): string', (s: string, i: bigint) => s.charAt(Number(i)));
  fn('string.replace(string, string): string', (s: string, a: string, b: string) => s.replaceAll(a, b));
  fn('string.replace(string, string, int): string', (s: string, a: string, b: string, n: bigint) => {
    let out = s;
    for (let i = 0n; n < 0n || i < n; i++) {
      const at = out.indexOf(a);
      if (at < 0) break;
      out = out.slice(0, at) + b + out.slice(at + a.length);
    }
    return out;
  });
  fn('string.replaceAll(string, string): string', (s: string, a: string, b: string) => s.replaceAll(a, b));
  fn('string.reverse(): string', (s: string) => [...s].reverse().join(''));
  fn('string.trimPrefix(string): string', (s: string, p: string) =>
    s.startsWith(p) ? s.slice(p.length) : s,
  );
  fn('string.trimSuffix(string): string', (s: string, p: string) =>
    p && s.endsWith(p) ? s.slice(0, -p.length) : s,
  );
  fn('string.title(): string', (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase()));
  fn('string.JSON(): dyn', (s: string) => JSON.parse(s) as unknown);
  fn('string.JSONArray(): list', (s: string) => JSON.parse(s) as unknown);
  fn('dyn.toJSON(): string', (v: unknown) => celToJSON(v));
  fn('dyn.toJSONPretty(string): string', (v: unknown, indent: string) => celToJSON(v, indent));
  return env;
}

/** One environment for the process: building one is the costly part, evaluating is cheap. */
export const celEnvironment = makeEnvironment();
