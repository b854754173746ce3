/**
 * Which backend serves a component's log selector (docs/logs.md, "Routing"): the first backend,
 * rows by name, entries as written, one of whose routes matches the selector; a backend without
 * routes serves the selectors whose type names its kind (`type: file`). A route matches when each
 * of its fields does: `type` the selector's type (case-insensitive), `idPrefix` the start of the
 * component's external id, and each of its `labels` the selector's label of that name, written as
 * apm-hub writes them: `a,b` one of, `*` present, `!a` not, `web-*` a glob. A route with none of
 * them serves every selector.
 */
import type { LogBackend, LogRoute } from './backends.js';

/** A component's `logs` entry (components.log_selectors). */
export interface LogSelector {
  name: string;
  type?: string;
  labels?: Record<string, string>;
}

const globMatches = (pattern: string, value: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(value);

/** One route label against the selector's value of that label. */
export function labelMatches(pattern: string, value: string | undefined): boolean {
  const choices = pattern
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);
  if (choices.length === 0) return value !== undefined && value === '';
  const denied = choices.filter((choice) => choice.startsWith('!')).map((choice) => choice.slice(1));
  const allowed = choices.filter((choice) => !choice.startsWith('!'));
  if (value !== undefined && denied.some((choice) => globMatches(choice, value))) return false;
  if (allowed.length === 0) return true;
  return value !== undefined && allowed.some((choice) => globMatches(choice, value));
}

export function routeMatches(
  route: LogRoute,
  selector: LogSelector,
  externalId: string | undefined,
): boolean {
  if (route.type && route.type.toLowerCase() !== (selector.type ?? '').toLowerCase()) return false;
  if (route.idPrefix && !(externalId ?? '').startsWith(route.idPrefix)) return false;
  return Object.entries(route.labels ?? {}).every(([key, pattern]) =>
    labelMatches(pattern, selector.labels?.[key]),
  );
}

export function backendServes(
  backend: LogBackend,
  selector: LogSelector,
  externalId: string | undefined,
): boolean {
  if (backend.routes.length === 0) return (selector.type ?? '').toLowerCase() === backend.kind;
  return backend.routes.some((route) => routeMatches(route, selector, externalId));
}

/** The backend of the selector, from the backends in their order; undefined when none serves it. */
export function routeSelector(
  backends: readonly LogBackend[],
  selector: LogSelector,
  externalId: string | undefined,
): LogBackend | undefined {
  return backends.find((backend) => backendServes(backend, selector, externalId));
}

/** The route's labels that are plain values (no pattern): labels of the lines it serves. */
export function plainRouteLabels(backend: LogBackend, selector: LogSelector, externalId?: string) {
  const route = backend.routes.find((r) => routeMatches(r, selector, externalId));
  return Object.fromEntries(
    Object.entries(route?.labels ?? {}).filter(([, value]) => !/[*,!]/.test(value) && value !== ''),
  );
}
