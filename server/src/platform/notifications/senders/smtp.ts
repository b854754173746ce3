/**
 * Email over SMTP (nodemailer), from the platform's URL notation
 * `smtp://[user:pass@]host:port/?from=address&fromName=…&to=a,b&encryption=…`:
 * the connection's `from`, `fromName`, `to` and `encryptionMethod` (None, ExplicitTLS,
 * ImplicitTLS, Auto) fill what the URL leaves out; `?skipTLSVerify=yes` or the connection's insecure
 * TLS accept any certificate of the server. Subject = title; the markdown body goes as
 * HTML with a plain-text alternative, the properties after it.
 */
import { smtpTransport } from '../../../lib/smtp-transport.js';
import { escapeHtml, markdownToHtml, markdownToText, propertyLines } from './markdown.js';
import { DeliveryError, type Endpoint, type Sender } from './types.js';

/** The sender, with its display name when the connection has one. */
export const smtpSender = (address: string, name: string | undefined) => (name ? { name, address } : address);

/** A query parameter of the URL, whatever the case of its name (shoutrrr reads them so). */
function param(url: URL, ...names: string[]): string | undefined {
  const wanted = names.map((name) => name.toLowerCase());
  for (const [key, value] of url.searchParams) if (wanted.includes(key.toLowerCase()) && value) return value;
  return undefined;
}

const addresses = (text: string | undefined) =>
  (text ?? '')
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean);

/** What the endpoint's URL and connection say about sending mail. */
export function mailSettings(endpoint: Endpoint) {
  const { url, properties } = endpoint;
  const username = endpoint.username || (url.username ? decodeURIComponent(url.username) : undefined);
  const password = endpoint.password || (url.password ? decodeURIComponent(url.password) : undefined);
  return {
    encryption: (properties.encryptionMethod ?? param(url, 'encryption') ?? 'Auto').toLowerCase(),
    username,
    password,
    from: param(url, 'from', 'fromAddress') ?? properties.from ?? username,
    fromName: param(url, 'fromName') ?? properties.fromName,
    to: addresses(param(url, 'to', 'toAddresses') ?? properties.to),
  };
}

/** SMTP reply codes 4xx and connection troubles pass; 5xx replies, refused logins and TLS troubles stay. */
function retryable(error: { code?: string; responseCode?: number; message: string }): boolean {
  if (error.code === 'EAUTH' || error.code === 'ETLS' || error.code === 'EENVELOPE_FORMAT') return false;
  if (/certificate|STARTTLS/i.test(error.message)) return false;
  if (typeof error.responseCode === 'number') return error.responseCode < 500;
  return true;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The message as mail: the markdown as HTML and as text, the properties after it. */
export function mailContent(title: string, body: string, properties: Record<string, string>): MailContent {
  const lines = propertyLines(properties);
  const rows = Object.entries(properties)
    .map(([key, value]) => `<tr><th align="left">${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return {
    subject: title,
    text: [markdownToText(body), lines.join('\n')].filter(Boolean).join('\n\n'),
    html: [markdownToHtml(body), rows ? `<table>${rows}</table>` : ''].filter(Boolean).join('\n'),
  };
}

export const sendEmail: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const settings = mailSettings(endpoint);
  ctx.secret(settings.password);
  if (!settings.from)
    throw new DeliveryError('the email has no sender: add ?from= to the URL or a from property', false);
  if (settings.to.length === 0)
    throw new DeliveryError('the email has no recipient: add ?to= to the URL or a to property', false);
  const transport = smtpTransport(url, {
    ...settings,
    timeoutMs: ctx.timeoutMs,
    // The connection form writes the connection's insecure TLS into the URL as shoutrrr's skipTLSVerify.
    insecureTls: ctx.insecureTls || /^(yes|true|1)$/i.test(param(url, 'skipTLSVerify') ?? ''),
  });
  const onAbort = () => transport.close();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const destination = `smtp://${url.host}`;
  try {
    const info = await transport.sendMail({
      from: smtpSender(settings.from, settings.fromName),
      to: settings.to,
      ...mailContent(message.title, message.body, message.properties),
    });
    return { destination: `${settings.to.join(', ')} via ${destination}`, id: info.messageId };
  } catch (error) {
    if (ctx.signal.aborted)
      throw new DeliveryError(`the email through ${destination} ${ctx.stopReason()}`, true);
    const failure = error as Error & { code?: string; responseCode?: number };
    throw new DeliveryError(
      `the email through ${destination} could not be sent: ${failure.message}`,
      retryable(failure),
    );
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    transport.close();
  }
};
