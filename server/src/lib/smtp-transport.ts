/**
 * A nodemailer transport for an SMTP server as a connection describes it; the notification
 * sender and Test Connection both speak SMTP through it.
 */
import nodemailer from 'nodemailer';

export interface SmtpOptions {
  /** The connection's encryptionMethod in lower case: none, explicittls (STARTTLS), implicittls, auto. */
  encryption: string;
  username: string | undefined;
  password: string | undefined;
  /** The limit on connecting, the greeting and each reply. */
  timeoutMs: number;
  /** Accept any certificate of the server (the connection's insecure TLS). */
  insecureTls?: boolean;
}

/** Implicit TLS for smtps://, ImplicitTLS or port 465; otherwise port 587 with STARTTLS when offered. */
export function smtpTransport(
  url: URL,
  { encryption, username, password, timeoutMs, insecureTls }: SmtpOptions,
) {
  const implicit = url.protocol === 'smtps:' || encryption === 'implicittls' || url.port === '465';
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (implicit ? 465 : 587),
    secure: implicit,
    ignoreTLS: encryption === 'none',
    requireTLS: encryption === 'explicittls',
    auth: username ? { user: username, pass: password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: { rejectUnauthorized: insecureTls !== true },
  });
}
