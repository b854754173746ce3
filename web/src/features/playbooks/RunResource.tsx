import { Link } from 'react-router';
import { NO_VALUE } from '../../lib/format.js';
import type { ResourceRef } from './types.js';

export interface RunResources {
  check?: ResourceRef | null;
  config?: ResourceRef | null;
  component?: ResourceRef | null;
}

/** The check, config or component a run ran against, by name, linked to its page. */
export function RunResource({ check, config, component }: RunResources) {
  if (check) return <Link to={`/health?checkId=${encodeURIComponent(check.id)}`}>{check.name}</Link>;
  if (config) return <Link to={`/catalog/${encodeURIComponent(config.id)}`}>{config.name}</Link>;
  if (component) return <Link to={`/topology/${encodeURIComponent(component.id)}`}>{component.name}</Link>;
  return <>{NO_VALUE}</>;
}
