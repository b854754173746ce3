/**
 * For the action kinds' tests: the context the runner hands an action, and the failure an
 * action ends with.
 */
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { ActionFailure, type ActionContext, type ResolvedConnection } from './types.js';

/** A run's context for one action: no env, no secrets, the connections given by name. */
export function actionContext(
  overrides: Partial<ActionContext> = {},
  connections: Record<string, ResolvedConnection> = {},
): ActionContext {
  return {
    runId: '6f1c2a9e-0000-4000-8000-000000000001',
    actionId: '6f1c2a9e-0000-4000-8000-0000000000aa',
    signal: new AbortController().signal,
    log: pino({ level: 'silent' }),
    connection: (ref) => Promise.resolve(connections[ref]),
    env: {},
    secrets: new Set(),
    ...overrides,
  };
}

/** The ActionFailure the action ends with; throws when it ends otherwise. */
export async function actionFailure(promise: Promise<unknown>): Promise<ActionFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ActionFailure) return error;
    throw error;
  }
  throw new Error('the action did not fail');
}

/**
 * Whether the process `pid` has ended (Linux's /proc): gone, or a zombie, which has ended and
 * waits only for a parent to collect it (a script's orphans wait on whatever adopted them).
 */
export function processEnded(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
