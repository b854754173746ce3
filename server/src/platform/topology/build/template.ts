/**
 * The templating of a `forEach` block: every string holding `$(.component.name)`-style
 * references (Go template syntax between `$(` and `)`) is rendered for each looked-up component,
 * as canary-checker does. Other strings, `{{ }}` templates of the checks a block holds included,
 * are left for the check runner; `$(VAR)` without a dot stays a variable of the runner.
 */
import { renderGoTemplate } from '../../../lib/go-template.js';
import type { ComponentProperty } from '../types.js';
import type { BuiltComponent } from './types.js';

const REFERENCE = /\$\(\s*\./;

/** What the templates of a forEach block see of the component they are applied to. */
export function componentEnvironment(component: BuiltComponent): Record<string, unknown> {
  const properties = propertyValues(component.properties);
  return {
    component: {
      name: component.name,
      type: component.type ?? '',
      namespace: component.namespace ?? '',
      external_id: component.externalId ?? '',
      icon: component.icon ?? '',
      labels: component.labels,
      properties,
      health: component.health ?? '',
      status: component.status ?? '',
    },
    properties,
  };
}

/** name → value (a number) or text of each property. */
export function propertyValues(properties: ComponentProperty[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of properties) out[p.name] = p.value ?? p.text ?? '';
  return out;
}

/** A copy of value with its `$(.…)` references rendered; the first failure is thrown. */
export function templateValue<T>(value: T, env: Record<string, unknown>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string')
      return REFERENCE.test(v) ? renderGoTemplate(v, env, { delims: ['$(', ')'] }) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    return v;
  };
  return walk(value) as T;
}
