/**
 * What the action kinds share: reading secret-capable values (duty's EnvVar: a string, `{value}`
 * or `{valueFrom}`), naming URLs without their credentials, capping captured text, and waiting
 * in a way an abort ends.
 */
import { readEnvVar, type KubeConnection } from '../../../kube/index.js';
import { connectionSecrets } from '../../connections/index.js';
import { ActionFailure, type ActionContext, type ResolvedConnection } from './types.js';

export { passwordsInUrl, safeUrl } from '../../connections/index.js';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The cluster of the context, when it is one (the contract types it loosely). */
export function kubeOf(ctx: ActionContext): KubeConnection | undefined {
  const kube = ctx.kube as Partial<KubeConnection> | undefined;
  return kube && typeof kube === 'object' && 'kubeConfig' in kube ? (kube as KubeConnection) : undefined;
}

/** A plain text field of the body ('' and non-strings count as absent). */
export function text(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A secret-capable value: a string, `{value}` or `{valueFrom: {secretKeyRef|configMapKeyRef}}`
 * (read from the cluster, in the run's namespace); what it resolves to is added to ctx.secrets
 * when `secret` says so. Undefined when absent or empty.
 */
export async function secretText(
  value: unknown,
  ctx: ActionContext,
  what: string,
  secret = true,
): Promise<string | undefined> {
  let read;
  try {
    read = await readEnvVar(value, kubeOf(ctx), ctx.namespace ?? 'default');
  } catch (error) {
    throw new ActionFailure(`${what}: ${messageOf(error)}`);
  }
  if (read && secret) ctx.secrets.add(read.value);
  return read?.value;
}

/** The stored connection a `connection` field names; a clear failure when there is none. */
export async function connectionOf(ctx: ActionContext, ref: string): Promise<ResolvedConnection> {
  const connection = await ctx.connection(ref);
  if (!connection) throw new ActionFailure(`connection ${ref} was not found`);
  for (const secret of connectionSecrets(connection)) ctx.secrets.add(secret);
  return connection;
}

/** Removes any `user:password@` from the text (error messages of clients that repeat the URL). */
export const withoutUserinfo = (message: string) => message.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1');

export function messageOf(error: unknown): string {
  return withoutUserinfo(error instanceof Error ? error.message : String(error));
}

/** The reason an abort gives, for the error the action ends with. */
export function stopReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  if (typeof reason === 'string' && reason) return reason;
  return 'the action was stopped (timeout or cancel)';
}

/** Waits, or rejects with the stop reason as soon as the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ActionFailure(stopReason(signal)));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ActionFailure(stopReason(signal)));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Collects a stream's output up to a cap: the first half and the last half of the cap are kept,
 * what lies between is counted and replaced by a note, so a long log keeps its start and its end.
 */
export class CappedText {
  private head = '';
  private tail = '';
  private dropped = 0;
  private readonly half: number;

  constructor(max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  add(chunk: string): void {
    if (this.head.length < this.half) {
      const room = this.half - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
      if (!chunk) return;
    }
    this.tail += chunk;
    if (this.tail.length > this.half) {
      this.dropped += this.tail.length - this.half;
      this.tail = this.tail.slice(this.tail.length - this.half);
    }
  }

  toString(): string {
    if (!this.dropped) return this.head + this.tail;
    return `${this.head}\n[... ${this.dropped} characters not kept ...]\n${this.tail}`;
  }
}
