/**
 * How a team responder reaches its external system: email through the connection's SMTP server
 * (nodemailer), Jira and ServiceNow through their REST APIs, Microsoft Planner through Microsoft
 * Graph, and the other systems (CA, AWS Support, AWS AMS, Red Hat, Oracle, VMware) through one
 * generic JSON POST to the connection's URL. Each returns the id the system gave the ticket.
 */
import type { ResponderType } from '../../../../../common/incidents.js';
import { deliver as send } from '../../notifications/senders/index.js';

/** Where and as whom to deliver: the connection's (or the client's) URL and credentials. */
export interface Target {
  url: string;
  username?: string;
  password?: string;
  /** The connection's or client's further settings (from, fromName, encryptionMethod...). */
  properties: Record<string, string>;
}

/** What a delivery sends: the responder's fields and the incident they are about. */
export interface Delivery {
  responderType: ResponderType;
  fields: Record<string, string>;
  incident: {
    id: string;
    incident_id: string;
    title: string;
    severity: string;
    status: string;
    type: string;
    description: string | null;
  };
  signal: AbortSignal;
}

/** A delivery that failed; the message is what the responder records (secrets removed later). */
export class DeliveryError extends Error {}

/** Each HTTP call is bounded, so a system that never answers does not hold the queue. */
const HTTP_TIMEOUT_MS = 30_000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function required(fields: Record<string, string>, names: string[]): void {
  const missing = names.filter((name) => !fields[name]?.trim());
  if (missing.length > 0) throw new DeliveryError(`the responder has no ${missing.join(', ')}`);
}

async function postJson(
  system: string,
  url: string,
  body: unknown,
  target: Target,
  signal: AbortSignal,
  authorization?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (authorization) headers.Authorization = authorization;
  else if (target.username !== undefined || target.password !== undefined)
    headers.Authorization = `Basic ${Buffer.from(`${target.username ?? ''}:${target.password ?? ''}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]),
    });
  } catch (error) {
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new DeliveryError(`${system} could not be reached at ${new URL(url).origin}: ${cause}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new DeliveryError(
      `${system} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${text ? `: ${text.slice(0, 300)}` : ''}`,
    );
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    throw new DeliveryError(`${system} answered ${response.status} without JSON`);
  }
}

const field = (value: unknown, path: string[]): string | undefined => {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' || typeof at === 'number' ? String(at) : undefined;
};

/** Jira: POST {url}/rest/api/2/issue; the issue's key (OPS-123) is the external id. */
async function jira({ fields, signal }: Delivery, target: Target): Promise<string> {
  required(fields, ['project', 'issueType', 'summary']);
  const body = {
    fields: {
      project: { key: fields.project },
      issuetype: { name: fields.issueType },
      summary: fields.summary,
      description: fields.description ?? '',
      ...(fields.priority ? { priority: { name: fields.priority } } : {}),
    },
  };
  const answer = await postJson('Jira', `${trimSlash(target.url)}/rest/api/2/issue`, body, target, signal);
  const id = field(answer, ['key']) ?? field(answer, ['id']);
  if (!id) throw new DeliveryError('Jira created no issue key');
  return id;
}

/** ServiceNow: POST {url}/api/now/table/incident; the incident's number (INC0010001) is the external id. */
async function serviceNow({ fields, incident, signal }: Delivery, target: Target): Promise<string> {
  required(fields, ['description']);
  const body = {
    short_description: fields.description,
    description: fields.body ?? '',
    category: fields.category ?? '',
    correlation_id: incident.incident_id,
  };
  const answer = await postJson(
    'ServiceNow',
    `${trimSlash(target.url)}/api/now/table/incident`,
    body,
    target,
    signal,
  );
  const id = field(answer, ['result', 'number']) ?? field(answer, ['result', 'sys_id']);
  if (!id) throw new DeliveryError('ServiceNow created no incident number');
  return id;
}

/** Planner's priorities by name (Microsoft Graph: 1 urgent, 3 important, 5 medium, 9 low). */
const PLANNER_PRIORITY: Record<string, number> = { urgent: 1, important: 3, high: 3, medium: 5, low: 9 };

/** Microsoft Planner: POST {url}/v1.0/planner/tasks (Microsoft Graph), the password a bearer token. */
async function msPlanner({ fields, signal }: Delivery, target: Target): Promise<string> {
  required(fields, ['plan_id', 'bucket_id', 'title']);
  const priority = PLANNER_PRIORITY[(fields.priority ?? '').toLowerCase()] ?? Number(fields.priority);
  const body = {
    planId: fields.plan_id,
    bucketId: fields.bucket_id,
    title: fields.title,
    ...(Number.isInteger(priority) ? { priority } : {}),
  };
  const answer = await postJson(
    'Microsoft Planner',
    `${trimSlash(target.url)}/v1.0/planner/tasks`,
    body,
    target,
    signal,
    target.password ? `Bearer ${target.password}` : undefined,
  );
  const id = field(answer, ['id']);
  if (!id) throw new DeliveryError('Microsoft Planner created no task id');
  return id;
}

/**
 * The other systems: POST {url} with `{responderType, incident, fields}` as JSON; the answer's
 * `id` (or `external_id`, `key`, `number`, `result.sys_id`) is the external id.
 */
async function generic(
  { responderType, fields, incident, signal }: Delivery,
  target: Target,
): Promise<string> {
  const answer = await postJson(
    responderType,
    target.url,
    { responderType, incident, fields },
    target,
    signal,
  );
  const id =
    field(answer, ['id']) ??
    field(answer, ['external_id']) ??
    field(answer, ['key']) ??
    field(answer, ['number']) ??
    field(answer, ['result', 'sys_id']);
  if (!id) throw new DeliveryError(`${responderType} answered without an id`);
  return id;
}

/**
 * Email through the notification senders' SMTP sender: the connection's URL is
 * `smtp://host:port/?from=address` (the platform's notation), encryptionMethod None, ExplicitTLS,
 * ImplicitTLS or Auto; the responder's `to` wins over any recipient the connection names. The
 * message id the server accepted is the external id.
 */
async function email({ fields, signal }: Delivery, target: Target): Promise<string> {
  required(fields, ['to', 'subject', 'body']);
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new DeliveryError('the email connection has no smtp:// URL');
  }
  url.searchParams.delete('toAddresses');
  url.searchParams.set('to', fields.to!);
  const connection = {
    name: 'of the email responder',
    type: 'email',
    url: url.toString(),
    username: target.username,
    password: target.password,
    properties: { ...target.properties, to: fields.to! },
  };
  try {
    const sent = await send(
      { connection },
      { title: fields.subject!, body: fields.body! },
      { signal, timeoutMs: HTTP_TIMEOUT_MS },
    );
    return sent.id ?? sent.destination;
  } catch (error) {
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}

const SENDERS: Readonly<
  Record<Exclude<ResponderType, 'person'>, (d: Delivery, t: Target) => Promise<string>>
> = {
  email,
  jira,
  service_now: serviceNow,
  ms_planner: msPlanner,
  ca: generic,
  aws_support: generic,
  aws_ams_service_request: generic,
  redhat: generic,
  oracle: generic,
  vmware: generic,
};

/** Delivers to the responder type's system and returns the external id. */
export function deliver(delivery: Delivery, target: Target): Promise<string> {
  if (delivery.responderType === 'person') throw new DeliveryError('a person is not delivered anywhere');
  return SENDERS[delivery.responderType](delivery, target);
}

/** Microsoft Graph, where a Planner client names no URL. */
export const DEFAULT_URL: Partial<Record<ResponderType, string>> = {
  ms_planner: 'https://graph.microsoft.com',
};
