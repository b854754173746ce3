/**
 * Server-side printing: the `Table` kubectl asks for (`Accept: application/json;as=Table;...`),
 * with the CRD's additionalPrinterColumns (Name and Age when it has none), as the apiextensions
 * table convertor builds it, or the columns of a built-in kind (builtins.ts).
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { ApiRequest } from './request.js';
import type { PrinterColumn, ServedResource } from './resources.js';

export const acceptsTable = (request: ApiRequest) => /(^|[;,\s])as=Table/.test(request.headers.accept ?? '');

const NAME_COLUMN = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description:
    'Name must be unique within a namespace. More info: http://kubernetes.io/docs/user-guide/identifiers#names',
  priority: 0,
};

const AGE_COLUMN: PrinterColumn = {
  name: 'Age',
  type: 'date',
  jsonPath: '.metadata.creationTimestamp',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
};

/** The simple JSONPath of printer columns: `.status.lastCheck`, `.spec.http[0].url`. */
function evaluate(object: unknown, jsonPath: string): unknown {
  const path = jsonPath.replace(/^\{|\}$/g, '');
  const steps = [...path.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)];
  let value: unknown = object;
  for (const [, key, index] of steps) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key ?? Number(index)];
  }
  return value;
}

/** k8s.io/apimachinery's duration.HumanDuration: `45s`, `3m20s`, `5h12m`, `3d4h`, `2y10d`. */
export function humanDuration(milliseconds: number): string {
  const seconds = Math.trunc(milliseconds / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  const withRest = (whole: number, unit: string, rest: number, restUnit: string) =>
    rest === 0 ? `${whole}${unit}` : `${whole}${unit}${rest}${restUnit}`;
  if (minutes < 10) return withRest(minutes, 'm', seconds % 60, 's');
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return withRest(hours, 'h', minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return withRest(days, 'd', hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return withRest(years, 'y', days % 365, 'd');
  return `${years}y`;
}

function cell(column: PrinterColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date': {
      // The server prints dates as ages, as the apiextensions table convertor does.
      if (typeof value !== 'string') return null;
      const time = Date.parse(value);
      return Number.isNaN(time) ? '<invalid>' : humanDuration(Date.now() - time);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function tableOf(
  resource: ServedResource,
  objects: KubeObject[],
  metadata: Record<string, unknown>,
  request: ApiRequest,
): object {
  const columns = resource.printerColumns.length > 0 ? resource.printerColumns : [AGE_COLUMN];
  const include = request.query.get('includeObject') ?? 'Metadata';
  const version =
    /v=v1beta1/.test(request.headers.accept ?? '') && !/v=v1[;,]/.test(request.headers.accept ?? '')
      ? 'v1beta1'
      : 'v1';
  return {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${version}`,
    metadata,
    columnDefinitions: [
      NAME_COLUMN,
      ...columns.map((column) => ({
        name: column.name,
        type: column.type,
        format: column.format ?? '',
        description: column.description ?? '',
        priority: column.priority ?? 0,
      })),
    ],
    rows: objects.map((object) => ({
      cells: [
        object.metadata.name,
        ...columns.map((column) =>
          cell(column, column.value ? column.value(object) : evaluate(object, column.jsonPath)),
        ),
      ],
      ...(include === 'None'
        ? {}
        : {
            object:
              include === 'Object'
                ? object
                : {
                    kind: 'PartialObjectMetadata',
                    apiVersion: `meta.k8s.io/${version}`,
                    metadata: object.metadata,
                  },
          }),
    })),
  };
}
