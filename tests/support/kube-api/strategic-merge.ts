/**
 * Strategic merge patch (`application/strategic-merge-patch+json`) for the built-in kinds, as
 * kubectl apply and edit send it: a merge patch where the lists Kubernetes marks
 * `patchStrategy: merge` merge element by element on their merge key, with the `$patch`,
 * `$retainKeys`, `$setElementOrder/` and `$deleteFromPrimitiveList/` directives. Without the Go
 * types' metadata, the merge keys are known by field name (MERGE_KEYS); every other list is
 * replaced.
 */
import { badRequest } from './status.js';

type Json = unknown;
type JsonObject = Record<string, Json>;
const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The lists of the core and apps types that merge, by field name, with their merge key candidates. */
const MERGE_KEYS: Record<string, string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  ephemeralContainers: ['name'],
  volumes: ['name'],
  env: ['name'],
  imagePullSecrets: ['name'],
  resourceClaims: ['name'],
  volumeMounts: ['mountPath'],
  volumeDevices: ['devicePath'],
  // Container ports merge on containerPort, Service ports on port.
  ports: ['containerPort', 'port'],
  conditions: ['type'],
  ownerReferences: ['uid'],
  hostAliases: ['ip'],
  topologySpreadConstraints: ['topologyKey'],
};

/** Lists of strings that merge as sets. */
const PRIMITIVE_MERGE = new Set(['finalizers']);

const SET_ORDER = '$setElementOrder/';
const DELETE_FROM = '$deleteFromPrimitiveList/';

function mergeKeyOf(field: string, elements: Json[]): string | undefined {
  return MERGE_KEYS[field]?.find((key) =>
    elements.every((element) => isObject(element) && element[key] !== undefined),
  );
}

function mergeList(field: string, live: Json, patch: Json[]): Json[] {
  const original = Array.isArray(live) ? live : [];
  if (patch.some((element) => isObject(element) && element.$patch === 'replace'))
    return patch
      .filter((element) => !(isObject(element) && element.$patch === 'replace'))
      .map((element) => mergeValue(undefined, element));
  if (PRIMITIVE_MERGE.has(field) && patch.every((element) => !isObject(element)))
    return [...original, ...patch.filter((element) => !original.includes(element))];
  const key = mergeKeyOf(field, patch);
  if (!key || patch.length === 0) return patch.map((element) => mergeValue(undefined, element));
  const result = [...original];
  for (const element of patch as JsonObject[]) {
    const index = result.findIndex((candidate) => isObject(candidate) && candidate[key] === element[key]);
    if (element.$patch === 'delete') {
      if (index >= 0) result.splice(index, 1);
    } else if (index >= 0) result[index] = mergeValue(result[index], element);
    else result.push(mergeValue(undefined, element));
  }
  return result;
}

/** Orders a list as `$setElementOrder/` says; elements it does not name keep their place at the end. */
function ordered(field: string, list: Json, order: Json): Json {
  if (!Array.isArray(list) || !Array.isArray(order)) return list;
  const key = mergeKeyOf(field, order);
  const identity = (element: Json) => (key && isObject(element) ? element[key] : element);
  const wanted = order.map(identity);
  const rank = (element: Json) => {
    const index = wanted.indexOf(identity(element));
    return index < 0 ? wanted.length : index;
  };
  return list
    .map((element, index) => ({ element, index }))
    .sort((a, b) => rank(a.element) - rank(b.element) || a.index - b.index)
    .map(({ element }) => element);
}

function mergeObject(live: Json, patch: JsonObject): Json {
  const directive = patch.$patch;
  const { $patch: _patch, $retainKeys: retainKeys, ...fields } = patch;
  if (directive === 'replace') return mergeObject(undefined, fields);
  if (directive !== undefined && directive !== 'merge')
    throw badRequest(`unknown patch type: ${String(directive)} in map: ${JSON.stringify(patch)}`);
  const result: JsonObject = isObject(live) ? { ...live } : {};
  const orders: [string, Json][] = [];
  const deletions: [string, Json][] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith(SET_ORDER)) orders.push([key.slice(SET_ORDER.length), value]);
    else if (key.startsWith(DELETE_FROM)) deletions.push([key.slice(DELETE_FROM.length), value]);
    else if (value === null || (isObject(value) && value.$patch === 'delete')) delete result[key];
    else if (Array.isArray(value)) result[key] = mergeList(key, result[key], value);
    else result[key] = mergeValue(result[key], value);
  }
  for (const [field, values] of deletions)
    if (Array.isArray(result[field]) && Array.isArray(values))
      result[field] = (result[field] as Json[]).filter((element) => !values.includes(element));
  for (const [field, order] of orders) result[field] = ordered(field, result[field], order);
  if (Array.isArray(retainKeys))
    for (const key of Object.keys(result)) if (!retainKeys.includes(key)) delete result[key];
  return result;
}

function mergeValue(live: Json, patch: Json): Json {
  if (isObject(patch)) return mergeObject(live, patch);
  if (Array.isArray(patch)) return patch.map((element) => mergeValue(undefined, element));
  return patch;
}

export function strategicMergePatch(live: Json, patch: Json): Json {
  if (!isObject(patch))
    throw badRequest('error decoding patch: a strategic merge patch must be a JSON object');
  return mergeObject(live, patch);
}
