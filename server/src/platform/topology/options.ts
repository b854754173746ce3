/**
 * The query of GET /api/canary/api/topology read once, as the platform reads it: lists are
 * comma-separated and take `!x` to leave x out, `labels` is `key=value,...`, `depth` defaults
 * to 5 (a value that is not a whole number above 0 is the default, as upstream), `sortOrder`
 * other than `desc` is ascending.
 */
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';

export const DEFAULT_DEPTH = 5;

export interface TopologyOptions {
  id?: string;
  statuses: string[];
  types: string[];
  team?: string;
  owner?: string;
  labels?: Record<string, string>;
  /** `name`, `field:<property>`, or a column of the component. */
  sortBy?: string;
  descending: boolean;
  flatten: boolean;
  /** Hidden components are answered only when this is set. */
  hidden: boolean;
  agentId?: string;
  depth: number;
}

type Params = Record<string, unknown>;

function single(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} may be given once`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

const listOf = (text: string | undefined) =>
  text
    ? text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

function labelsOf(text: string | undefined): Record<string, string> | undefined {
  if (!text) return undefined;
  const labels: Record<string, string> = {};
  for (const pair of listOf(text)) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw new HttpError(400, `labels must be key=value pairs separated by commas, not '${pair}'`);
    labels[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return labels;
}

function uuidOf(params: Params, name: string): string | undefined {
  const value = single(params, name);
  if (value !== undefined && !UUID.test(value)) throw new HttpError(400, `${name} must be a UUID`);
  return value;
}

function depthOf(text: string | undefined): number {
  const depth = Number(text);
  return text && Number.isInteger(depth) && depth > 0 ? depth : DEFAULT_DEPTH;
}

export function readTopologyQuery(params: Params): TopologyOptions {
  return {
    id: uuidOf(params, 'id'),
    statuses: listOf(single(params, 'status')),
    types: listOf(single(params, 'type')),
    team: single(params, 'team'),
    owner: single(params, 'owner'),
    labels: labelsOf(single(params, 'labels')),
    sortBy: single(params, 'sortBy'),
    descending: single(params, 'sortOrder') === 'desc',
    flatten: single(params, 'flatten') === 'true',
    hidden: single(params, 'hidden') === 'true',
    agentId: uuidOf(params, 'agent_id'),
    depth: depthOf(single(params, 'depth')),
  };
}

/**
 * Whether an item passes a filter list: never when a `!item` names it, else when the list has
 * no plain entries left to match, names it, or holds `*`.
 */
export function matchesList(item: string | null | undefined, list: readonly string[]): boolean {
  if (list.length === 0) return true;
  const value = item ?? '';
  if (list.some((entry) => entry.startsWith('!') && entry.slice(1) === value)) return false;
  const wanted = list.filter((entry) => !entry.startsWith('!'));
  return wanted.length === 0 || wanted.some((entry) => entry === '*' || entry === value);
}
