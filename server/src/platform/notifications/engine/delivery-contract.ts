/**
 * What the engine needs of the senders (senders/index.ts): one delivery attempt to a target, and
 * the console's own mail for people and teams. Taken as a dependency, so that the server hands in
 * the senders and a test may hand in the same functions configured its own way.
 */
import type { deliver, emailTarget } from '../senders/index.js';

export type { Delivered, DeliveryTarget, NotificationMessage } from '../senders/index.js';

export interface Senders {
  deliver: typeof deliver;
  /** Through the console's SMTP_URL; undefined when none is configured. */
  emailTarget: typeof emailTarget;
}

/** A failure as the senders report it: a message for people, and whether another try may help. */
export function failureOf(error: unknown): { message: string; retryable: boolean } {
  const message = error instanceof Error ? error.message : String(error);
  const retryable = (error as { retryable?: unknown })?.retryable;
  return { message, retryable: typeof retryable === 'boolean' ? retryable : true };
}
