/**
 * The notification action: `title`, `message` (markdown) and `properties` sent to `url` (a
 * provider URL in the platform's notation: `slack://`, `smtp://`, `generic+https://`, …) or to
 * a stored notification connection, through the notification senders (one attempt, bounded by
 * their timeout and the action's). The result is `{sent: <where, without credentials>, kind}`.
 */
import { deliver, DeliveryError, type DeliveryTarget } from '../../notifications/senders/index.js';
import { connectionOf, isObject, passwordsInUrl, stopReason, text } from './support.js';
import { ActionFailure, type ActionExecutor } from './types.js';

export const notificationAction: ActionExecutor = async (body, ctx) => {
  const properties: Record<string, string> = {};
  if (isObject(body.properties))
    for (const [key, value] of Object.entries(body.properties))
      if (value !== undefined && value !== null) properties[key] = String(value);
  const title = text(body, 'title') ?? '';
  const message = text(body, 'message') ?? '';
  if (!title && !message) throw new ActionFailure('notification needs a title or a message');
  let target: DeliveryTarget | undefined;
  const url = text(body, 'url');
  if (url) {
    target = { url };
    for (const secret of passwordsInUrl(url)) ctx.secrets.add(secret);
  } else if (typeof body.connection === 'string' && body.connection) {
    target = { connection: await connectionOf(ctx, body.connection) };
  }
  if (!target) throw new ActionFailure('notification needs a url or a connection');
  try {
    const delivered = await deliver(target, { title, body: message, properties }, { signal: ctx.signal });
    return {
      sent: delivered.destination,
      kind: delivered.kind,
      ...(delivered.id ? { id: delivered.id } : {}),
    };
  } catch (error) {
    if (ctx.signal.aborted)
      throw new ActionFailure(`the notification was stopped: ${stopReason(ctx.signal)}`);
    throw new ActionFailure(error instanceof DeliveryError ? error.message : String(error));
  }
};
