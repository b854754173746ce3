/**
 * Microsoft Teams: an incoming webhook (`*.webhook.office.com`, shoutrrr's
 * `teams://group@tenant/altId/groupOwner?host=<org>.webhook.office.com` or `teams://host/path`)
 * gets a MessageCard; a Workflows webhook (Power Automate: `*.logic.azure.com`,
 * `*.powerplatform.com`) gets an Adaptive Card, the format Workflows posts to a channel.
 */
import { postJson } from './http.js';
import { clip } from './markdown.js';
import type { Endpoint, NotificationMessage, Sender } from './types.js';

export function messageCard({ title, body, properties }: Required<NotificationMessage>) {
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: clip(title || body, 80),
    title,
    text: body,
    sections: Object.keys(properties).length
      ? [{ facts: Object.entries(properties).map(([name, value]) => ({ name, value })) }]
      : [],
  };
}

export function adaptiveCard({ title, body, properties }: Required<NotificationMessage>) {
  const content: unknown[] = [];
  if (title) content.push({ type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true });
  if (body) content.push({ type: 'TextBlock', text: body, wrap: true });
  if (Object.keys(properties).length)
    content.push({
      type: 'FactSet',
      facts: Object.entries(properties).map(([title, value]) => ({ title, value })),
    });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: content,
        },
      },
    ],
  };
}

export const isWorkflowsHost = (host: string) =>
  host.endsWith('.logic.azure.com') || host.endsWith('.powerplatform.com');

export const isTeamsHost = (host: string) =>
  host.endsWith('.webhook.office.com') || host === 'outlook.office.com' || isWorkflowsHost(host);

/** The https webhook a teams:// URL stands for. */
export function webhookOf(url: URL): string {
  const host = url.searchParams.get('host');
  if (host && url.username) {
    const [altId, groupOwner] = url.pathname.split('/').filter(Boolean);
    return `https://${host}/webhookb2/${url.username}@${url.hostname}/IncomingWebhook/${altId ?? ''}/${groupOwner ?? ''}`;
  }
  return `https://${url.host}${url.pathname}${url.search}`;
}

async function post(
  hook: URL,
  endpoint: Endpoint,
  message: Required<NotificationMessage>,
  ctx: Parameters<Sender>[2],
) {
  ctx.secret(hook.pathname);
  ctx.secret(hook.search.slice(1));
  ctx.secret(hook.searchParams.get('sig') ?? undefined);
  const card = isWorkflowsHost(hook.hostname) ? adaptiveCard(message) : messageCard(message);
  const destination = `Teams webhook ${hook.host}`;
  await postJson(hook.toString(), card, ctx, destination);
  return { destination };
}

export const sendTeams: Sender = (endpoint, message, ctx) =>
  endpoint.url.protocol === 'teams:'
    ? post(new URL(webhookOf(endpoint.url)), endpoint, message, ctx)
    : post(endpoint.url, endpoint, message, ctx);
