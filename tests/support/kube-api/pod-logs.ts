/**
 * `pods/{name}/log`: the lines tests give each pod's containers (KubeApiServer.setPodLog and
 * appendPodLog), answered as the kubelet would through the API server: `text/plain`, one
 * container chosen by `container` (400 when a pod of several containers gets none); each line
 * keeps the time it was written (the time of the call, or the one a test gives it), as the
 * container runtime's log file does. As the kubelet reads that file: `tailLines` takes the last
 * lines first, then `sinceTime` (RFC 3339) or `sinceSeconds` drop those written before, then
 * `timestamps=true` starts each line with its time (RFC 3339 with 9 fraction digits) and a space,
 * and `limitBytes` cuts what is sent; `follow=true` streams what is appended until the pod is
 * deleted. Options the API server refuses are its 400 (unreadable) and 422 (invalid).
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { ApiRequest } from './request.js';
import { badRequest, invalid, type StatusCause } from './status.js';
import type { ObjectStore } from './store.js';

/** A line of a pod's log with the time the container wrote it (an RFC 3339 text or a Date). */
export interface PodLogLine {
  time: string | Date;
  text: string;
}

/** What tests give setPodLog / appendPodLog: text written now, or lines with their times. */
export type PodLogText = string | readonly PodLogLine[];

interface StoredLine {
  /** Milliseconds since the epoch, the nanoseconds past them as a fraction. */
  at: number;
  /** RFC 3339 with 9 fraction digits, as `timestamps=true` writes it (the kubelet's RFC3339NanoFixed). */
  stamp: string;
  /** The line with its newline (the last line of a text may have none). */
  text: string;
}

const podKey = (namespace: string, name: string) => `${namespace}/${name}`;
/** Text set without a container name is the log of the pod's only (or first) container. */
const ANY_CONTAINER = '';
const FRACTION = /\.(\d{1,9})Z$/;

function storedLine(time: string | Date, text: string): StoredLine {
  const iso = typeof time === 'string' ? time : time.toISOString();
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`pod log line time ${iso} is not RFC 3339`);
  const utc = new Date(ms).toISOString();
  // Digits past the millisecond are kept when the time is given in UTC with them.
  const nanos = (FRACTION.exec(iso)?.[1] ?? utc.slice(20, 23)).padEnd(9, '0');
  return {
    at: Math.floor(ms / 1000) * 1000 + Number(nanos) / 1e6,
    stamp: `${utc.slice(0, 19)}.${nanos}Z`,
    text,
  };
}

function linesOf(text: PodLogText): StoredLine[] {
  if (typeof text !== 'string')
    return text.map((line) => storedLine(line.time, line.text.endsWith('\n') ? line.text : `${line.text}\n`));
  const now = new Date();
  return text
    .split(/(?<=\n)/)
    .filter(Boolean)
    .map((line) => storedLine(now, line));
}

/** The reading options of a request, refused as the API server refuses them. */
interface ReadOptions {
  tailLines?: number;
  /** Lines written before this (ms) are left out. */
  since?: number;
  timestamps: boolean;
  limitBytes?: number;
  follow: boolean;
}

const isTrue = (value: string | null) => value === 'true' || value === '1';

function integer(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!/^-?\d+$/.test(value))
    throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`);
  return Number(value);
}

function readOptions(query: URLSearchParams, pod: string): ReadOptions {
  const tailLines = integer(query, 'tailLines');
  const limitBytes = integer(query, 'limitBytes');
  const sinceSeconds = integer(query, 'sinceSeconds');
  const sinceTime = query.get('sinceTime');
  let since: number | undefined;
  if (sinceTime !== null) {
    since = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(sinceTime)
      ? Date.parse(sinceTime)
      : NaN;
    if (Number.isNaN(since))
      throw badRequest(
        `parsing time ${JSON.stringify(sinceTime)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(sinceTime)} as "2006"`,
      );
  }
  const causes: StatusCause[] = [];
  const invalidValue = (field: string, value: number, why: string) =>
    causes.push({ reason: 'FieldValueInvalid', field, message: `Invalid value: ${value}: ${why}` });
  if (tailLines !== undefined && tailLines < 0)
    invalidValue('tailLines', tailLines, 'must be greater than or equal to 0');
  if (limitBytes !== undefined && limitBytes < 1)
    invalidValue('limitBytes', limitBytes, 'must be greater than 0');
  if (sinceSeconds !== undefined && sinceTime !== null)
    causes.push({
      reason: 'FieldValueForbidden',
      message: 'Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified',
    });
  else if (sinceSeconds !== undefined && sinceSeconds < 1)
    invalidValue('sinceSeconds', sinceSeconds, 'must be greater than 0');
  if (causes.length) throw invalid({ kind: 'PodLogOptions', group: '' }, pod, causes);
  if (sinceSeconds !== undefined) since = Date.now() - sinceSeconds * 1000;
  return {
    tailLines,
    since,
    timestamps: isTrue(query.get('timestamps')),
    limitBytes,
    follow: isTrue(query.get('follow')),
  };
}

/** The lines as the options write them: since the time, each with its time when asked. */
function written(lines: readonly StoredLine[], options: ReadOptions): string {
  return lines
    .filter((line) => options.since === undefined || line.at >= options.since)
    .map((line) => (options.timestamps ? `${line.stamp} ${line.text}` : line.text))
    .join('');
}

interface Follower {
  container: string;
  /** Appended lines; undefined when the pod is gone. */
  send: (lines: readonly StoredLine[] | undefined) => void;
}

export class PodLogs {
  /** Pod key → container name → lines. */
  private readonly texts = new Map<string, Map<string, StoredLine[]>>();
  private readonly followers = new Map<string, Set<Follower>>();

  constructor(store: ObjectStore) {
    store.subscribe((event) => {
      if (event.key !== 'pods' || event.type !== 'DELETED') return;
      const key = podKey(event.object.metadata.namespace ?? '', event.object.metadata.name);
      this.texts.delete(key);
      for (const follower of this.followers.get(key) ?? []) follower.send(undefined);
    });
  }

  set(namespace: string, name: string, text: PodLogText, container = ANY_CONTAINER): void {
    this.store(namespace, name, linesOf(text), container);
  }

  append(namespace: string, name: string, text: PodLogText, container = ANY_CONTAINER): void {
    const added = linesOf(text);
    this.store(namespace, name, [...this.lines(namespace, name, container), ...added], container);
    for (const follower of this.followers.get(podKey(namespace, name)) ?? [])
      if (container === ANY_CONTAINER || follower.container === container) follower.send(added);
  }

  private store(namespace: string, name: string, lines: StoredLine[], container: string): void {
    const key = podKey(namespace, name);
    const containers = this.texts.get(key) ?? new Map<string, StoredLine[]>();
    containers.set(container, lines);
    this.texts.set(key, containers);
  }

  private lines(namespace: string, name: string, container: string): StoredLine[] {
    const containers = this.texts.get(podKey(namespace, name));
    return containers?.get(container) ?? containers?.get(ANY_CONTAINER) ?? [];
  }

  /** The container a request reads, with the API server's messages when it cannot tell. */
  private containerOf(pod: KubeObject, asked: string | null): string {
    const names = (field: string) =>
      ((pod.spec?.[field] as { name?: string }[] | undefined) ?? []).map((container) => container.name ?? '');
    const containers = names('containers');
    const initContainers = names('initContainers');
    const { name } = pod.metadata;
    if (asked) {
      if (containers.length > 0 && ![...containers, ...initContainers].includes(asked))
        throw badRequest(`container ${asked} is not valid for pod ${name}`);
      return asked;
    }
    if (containers.length > 1)
      throw badRequest(
        `a container name must be specified for pod ${name}, choose one of: [${containers.join(' ')}]`,
      );
    return containers[0] ?? ANY_CONTAINER;
  }

  serve(request: ApiRequest, pod: KubeObject): void {
    const { query, response } = request;
    const container = this.containerOf(pod, query.get('container'));
    const options = readOptions(query, pod.metadata.name);
    const namespace = pod.metadata.namespace ?? '';
    let lines = this.lines(namespace, pod.metadata.name, container);
    if (options.tailLines !== undefined) lines = lines.slice(Math.max(0, lines.length - options.tailLines));
    let text = written(lines, options);
    if (options.limitBytes !== undefined) text = Buffer.from(text).subarray(0, options.limitBytes).toString();
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
    if (!options.follow) {
      response.end(text);
      return;
    }
    response.write(text);
    const key = podKey(namespace, pod.metadata.name);
    const followers = this.followers.get(key) ?? new Set<Follower>();
    this.followers.set(key, followers);
    const follower: Follower = {
      container,
      send: (appended) => {
        if (appended === undefined) response.end();
        else if (!response.writableEnded) response.write(written(appended, options));
      },
    };
    followers.add(follower);
    response.on('close', () => followers.delete(follower));
  }
}
