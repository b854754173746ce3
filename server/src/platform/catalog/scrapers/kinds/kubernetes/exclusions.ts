/**
 * Which objects and events an entry leaves out (config-db's exclusions): names, kinds and
 * namespaces as patterns (`kube-*`, `*-canary`, `!keep-me`), labels as key → pattern, and the
 * `config-db.flanksource.com/ignore` annotation.
 */
import type { KubernetesEntry } from './entry.js';
import type { KubeObject } from './objects.js';

const IGNORE_ANNOTATION = 'config-db.flanksource.com/ignore';

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${body}$`, 'i');
}

/**
 * Whether `value` matches the patterns as config-db's MatchItems reads them: a `!pattern` that
 * matches rules it out, else any plain pattern that matches rules it in, else it does not match
 * (patterns that are all negations match nothing). Case aside, so `backoff` matches `BackOff`;
 * `*` stands for any text anywhere in a pattern. No patterns: everything matches.
 */
export function matchItems(value: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  const negated = patterns.filter((pattern) => pattern.startsWith('!'));
  if (negated.some((pattern) => globToRegExp(pattern.slice(1)).test(value))) return false;
  return patterns.some((pattern) => !pattern.startsWith('!') && globToRegExp(pattern).test(value));
}

const excludedBy = (value: string | undefined, patterns: readonly string[]) =>
  !!value && patterns.length > 0 && matchItems(value, patterns);

/** Whether a whole kind is left out (so it is not even listed). */
export function kindExcluded(entry: KubernetesEntry, kind: string): boolean {
  return excludedBy(kind, entry.exclusions.kind);
}

export function objectExcluded(entry: KubernetesEntry, object: KubeObject): boolean {
  const { name, namespace, labels = {}, annotations = {} } = object.metadata;
  if (!object.metadata.uid) return true;
  const ignore = annotations[IGNORE_ANNOTATION];
  if (ignore === 'true' || ignore === '*') return true;
  const { exclusions } = entry;
  if (excludedBy(name, exclusions.name) || excludedBy(namespace, exclusions.namespace)) return true;
  if (kindExcluded(entry, object.kind)) return true;
  return Object.entries(exclusions.labels).some(
    ([key, pattern]) => labels[key] !== undefined && matchItems(labels[key]!, [pattern]),
  );
}

export interface EventLike {
  reason?: string;
  involvedObject?: { kind?: string; name?: string; namespace?: string };
}

/** An event is left out by `event.exclusions`, or when the object it is about is excluded. */
export function eventExcluded(entry: KubernetesEntry, event: EventLike): boolean {
  const { name, namespace, reason } = entry.event.exclusions;
  const involved = event.involvedObject ?? {};
  const { exclusions } = entry;
  if (
    excludedBy(involved.name, exclusions.name) ||
    excludedBy(involved.namespace, exclusions.namespace) ||
    excludedBy(involved.kind, exclusions.kind)
  )
    return true;
  return (
    excludedBy(involved.name, name) ||
    excludedBy(involved.namespace, namespace) ||
    excludedBy(event.reason, reason)
  );
}
