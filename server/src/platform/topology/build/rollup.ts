/**
 * A component's health and status from what is below and beside it. Its health is the worst of
 * its children's health, its linked checks (healthy or unhealthy by their latest result), its
 * linked config items' health and the health its spec or lookup states: unhealthy wins over
 * warning, warning over healthy; unknown only when nothing is known. A `healthExpr` (CEL)
 * replaces that; a `statusExpr` gives the status, else the stated status, else the health.
 */
import { evaluateCel } from '../../health/index.js';
import type { LinkedCheck, LinkedConfig, Links } from './links.js';
import { healthOf, statusOf } from './spec.js';
import { componentEnvironment } from './template.js';
import type { BuiltComponent, Health, Status } from './types.js';

export interface Rollup {
  health: Health;
  status: Status;
  statusReason: string | null;
}

const RANK: Record<Health, number> = { unhealthy: 3, warning: 2, healthy: 1, unknown: 0 };

interface Contribution {
  health: Health;
  reason: string;
}

function checkHealth(check: LinkedCheck): Health {
  return check.status === 'healthy' ? 'healthy' : check.status === 'unhealthy' ? 'unhealthy' : 'unknown';
}

function configHealth(config: LinkedConfig): Health {
  return healthOf(config.health) ?? 'unknown';
}

function counts(healths: Health[]): Record<Health, number> {
  const out: Record<Health, number> = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };
  for (const h of healths) out[h]++;
  return out;
}

/** Roll-ups of every component of the trees, children before parents. */
export function rollUp(roots: BuiltComponent[], links: Links, errors: string[]): Map<BuiltComponent, Rollup> {
  const out = new Map<BuiltComponent, Rollup>();
  const visit = (component: BuiltComponent): Rollup => {
    const children = component.children.map((child) => ({ child, rollup: visit(child) }));
    const checks = links.checks.get(component) ?? [];
    const configs = links.configs.get(component) ?? [];
    const contributions: Contribution[] = [
      ...children.map(({ child, rollup }) => ({
        health: rollup.health,
        reason: `${child.type ?? 'component'} ${child.name} is ${rollup.health}`,
      })),
      ...checks.map((check) => ({ health: checkHealth(check), reason: `check ${check.name} is failing` })),
      ...configs.map((config) => ({
        health: configHealth(config),
        reason: `${config.type} ${config.name} is ${configHealth(config)}`,
      })),
    ];
    if (component.health)
      contributions.push({
        health: component.health,
        reason: component.statusReason ?? `reported ${component.health}`,
      });
    const worst = contributions.reduce<Contribution | undefined>(
      (w, c) => (!w || RANK[c.health] > RANK[w.health] ? c : w),
      undefined,
    );
    let health: Health = worst?.health ?? 'unknown';
    let statusReason: string | null =
      health === 'unhealthy' || health === 'warning'
        ? (worst?.reason ?? null)
        : (component.statusReason ?? null);
    const env: Record<string, unknown> = {
      ...componentEnvironment(component),
      summary: counts(contributions.map((c) => c.health)),
      checks: counts(checks.map(checkHealth)),
      children: children.map(({ child, rollup }) => ({
        name: child.name,
        type: child.type ?? '',
        ...rollup,
      })),
    };
    (env.component as Record<string, unknown>).health = health;
    if (component.healthExpr) {
      const found = evaluate(component.healthExpr, env, component, 'healthExpr', errors);
      const value = healthOf(found);
      if (value) {
        health = value;
        statusReason = value === 'healthy' ? null : `healthExpr: ${component.healthExpr}`;
      } else if (found !== undefined)
        errors.push(
          `healthExpr of ${component.name} gave ${String(found)}, not healthy, unhealthy, warning or unknown`,
        );
    }
    (env.component as Record<string, unknown>).health = health;
    let status: Status = component.status ?? health;
    if (component.statusExpr) {
      const found = evaluate(component.statusExpr, env, component, 'statusExpr', errors);
      const value = statusOf(found);
      if (value) status = value;
      else if (found !== undefined)
        errors.push(`statusExpr of ${component.name} gave ${String(found)}, not a status`);
    }
    const rollup = { health, status, statusReason };
    out.set(component, rollup);
    return rollup;
  };
  roots.forEach(visit);
  return out;
}

function evaluate(
  expr: string,
  env: Record<string, unknown>,
  component: BuiltComponent,
  what: string,
  errors: string[],
): unknown {
  try {
    return evaluateCel(expr, env);
  } catch (error) {
    errors.push(`${what} of ${component.name}: ${(error as Error).message}`);
    return undefined;
  }
}
