/**
 * Kubernetes `Status` objects: every error the test server answers is one, with the HTTP code,
 * reason and message wording of k8s.io/apimachinery/pkg/api/errors.
 */

export interface StatusCause {
  reason: string;
  message: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** Thrown by the handlers; the server answers its Status with the Status's code. */
export class StatusError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
  }
}

export function failure(code: number, reason: string, message: string, details?: StatusDetails): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  });
}

/** A group-qualified resource as the messages name it: `canaries.canaries.flanksource.com`. */
export interface Resource {
  group: string;
  plural: string;
}

export const qualified = ({ group, plural }: Resource) => (group ? `${plural}.${group}` : plural);

export const unauthorized = () => failure(401, 'Unauthorized', 'Unauthorized');

export function forbidden(
  resource: Resource,
  name: string | undefined,
  user: string,
  verb: string,
  scope: { subresource?: string; namespace?: string },
): StatusError {
  const target = name ? `${qualified(resource)} "${name}"` : qualified(resource);
  const what = scope.subresource ? `${resource.plural}/${scope.subresource}` : resource.plural;
  const where = scope.namespace ? `in the namespace "${scope.namespace}"` : 'at the cluster scope';
  return failure(
    403,
    'Forbidden',
    `${target} is forbidden: User "${user}" cannot ${verb} resource "${what}" in API group "${resource.group}" ${where}`,
    { ...(name ? { name } : {}), group: resource.group, kind: resource.plural },
  );
}

/** 403 of admission rather than RBAC: `namespaces "default" is forbidden: this namespace may not be deleted`. */
export const refused = (resource: Resource, name: string, why: string) =>
  failure(403, 'Forbidden', `${qualified(resource)} "${name}" is forbidden: ${why}`, {
    name,
    group: resource.group,
    kind: resource.plural,
  });

export const notFound = (resource: Resource, name: string) =>
  failure(404, 'NotFound', `${qualified(resource)} "${name}" not found`, {
    name,
    group: resource.group,
    kind: resource.plural,
  });

/** An unknown path: what the real server answers for a URL no handler serves. */
export const pathNotFound = () =>
  failure(404, 'NotFound', 'the server could not find the requested resource', {});

export const alreadyExists = (resource: Resource, name: string) =>
  failure(409, 'AlreadyExists', `${qualified(resource)} "${name}" already exists`, {
    name,
    group: resource.group,
    kind: resource.plural,
  });

export const conflict = (resource: Resource, name: string, why: string) =>
  failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(resource)} "${name}": ${why}`, {
    name,
    group: resource.group,
    kind: resource.plural,
  });

export const STALE_OBJECT =
  'the object has been modified; please apply your changes to the latest version and try again';

/** What most built-in kinds answer a DELETE that removed the object. */
export const deleted = (resource: Resource, object: { metadata: { name: string; uid?: string } }) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Success',
  details: {
    name: object.metadata.name,
    group: resource.group,
    kind: resource.plural,
    uid: object.metadata.uid,
  },
});

export const badRequest = (message: string) => failure(400, 'BadRequest', message);

export const methodNotAllowed = (method: string) =>
  failure(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`, {
    causes: [{ reason: 'UnexpectedServerResponse', message: `${method} is not supported` }],
  });

export const gone = (message: string) => failure(410, 'Expired', message);

export const unsupportedMediaType = (contentType: string, accepted: string[]) =>
  failure(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    { causes: [{ reason: 'UnexpectedServerResponse', message: contentType }] },
  );

/** 422: `Canary.canaries.flanksource.com "x" is invalid: spec.http[0].url: Required value`. */
export function invalid(
  kind: { kind: string; group: string },
  name: string,
  causes: StatusCause[],
): StatusError {
  const qualifiedKind = kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
  const list = causes.map((cause) => (cause.field ? `${cause.field}: ${cause.message}` : cause.message));
  const summary = list.length === 1 ? list[0] : `[${list.join(', ')}]`;
  return failure(422, 'Invalid', `${qualifiedKind} "${name}" is invalid: ${summary}`, {
    name,
    group: kind.group,
    kind: kind.kind,
    causes,
  });
}

export const internalError = (message: string) =>
  failure(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ reason: '', message }] });
