/** The shapes every sender shares: where a message goes, what it says, what came of it. */
import type { ResolvedConnection } from '../../connections/index.js';

export type { ResolvedConnection };

/** A provider URL (`slack://…`, `smtp://…`, `https://…`) or a stored notification connection. */
export type DeliveryTarget = { url: string } | { connection: ResolvedConnection };

export interface NotificationMessage {
  title: string;
  /** Markdown; each sender renders it in its target's format. */
  body: string;
  properties?: Record<string, string>;
}

export interface Delivered {
  /**
   * slack, teams, discord, mattermost, google_chat, ntfy, pushover, telegram, opsgenie, ifttt,
   * matrix, pushbullet, rocketchat, zulip, email, webhook.
   */
  kind: string;
  /** Where it went, as a person may read it: never a token or a password. */
  destination: string;
  durationMs: number;
  /** The receiver's id of the message, when it answers one (an email's Message-ID, an OpsGenie request id). */
  id?: string;
}

/** A delivery that failed; the message is person-readable and holds no secret. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** Whether the same message may go through later (the receiver was down, slow or busy). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** The target with its connection's fields, as the senders read it. */
export interface Endpoint {
  url: URL;
  /** The connection's type when it came from a connection (slack, teams, email, generic_webhook, …). */
  type?: string;
  username?: string;
  password?: string;
  properties: Record<string, string>;
}

export interface SendContext {
  /** Ends on the caller's abort or the timeout, whichever comes first. */
  signal: AbortSignal;
  /** Why the signal ended, in a person's words, once it has. */
  stopReason(): string;
  timeoutMs: number;
  /** Records a value the error messages must never show (a token in a path, an API key). */
  secret(value: string | undefined): void;
  /** Accept any certificate of an https receiver (the connection's insecure TLS). */
  insecureTls: boolean;
}

/** What a sender reports: where it went (no credentials), and the receiver's id of the message if it gave one. */
export interface Sent {
  destination: string;
  id?: string;
}

export type Sender = (
  endpoint: Endpoint,
  message: Required<NotificationMessage>,
  ctx: SendContext,
) => Promise<Sent>;
