import type { KubeConnection } from '../../../kube/index.js';
import type { Queryable } from '../../db/db.js';

/** What the expansion of one topology works with, and where it notes what went wrong. */
export interface BuildContext {
  db: Queryable;
  kube?: KubeConnection;
  signal: AbortSignal;
  /** The topology's namespace: lookups read their references there, components default to it. */
  namespace: string;
  /** The topology's name, for the inline canaries' names. */
  topologyName: string;
  errors: string[];
  /**
   * True once a lookup failed: what it would have found is unknown, so nothing is soft-deleted
   * by absence in this build (as canary-checker).
   */
  partial: boolean;
}

export function noteError(ctx: BuildContext, message: string, { partial = false } = {}): void {
  ctx.errors.push(message);
  if (partial) ctx.partial = true;
}
