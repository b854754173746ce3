/**
 * Matrix: shoutrrr's `matrix://user:password@host[:port]/?rooms=!id:host,#alias:host` (https,
 * or http with `?disableTLS=yes`), or `matrix://:<access token>@host/…`. With a user it logs in
 * with the password first (`m.login.password`); a `#alias` is joined to learn its room id; no
 * rooms sends to every room the account has joined. Each room gets one `m.room.message`
 * (m.text, the markdown as plain text and as HTML), the token always in a header.
 */
import { randomUUID } from 'node:crypto';
import { postJson, send } from './http.js';
import { escapeHtml, markdownToHtml, markdownToText, propertyLines } from './markdown.js';
import { DeliveryError, type NotificationMessage, type SendContext, type Sender } from './types.js';

const CLIENT_API = '/_matrix/client/v3';

export function matrixContent({ title, body, properties }: Required<NotificationMessage>) {
  const lines = propertyLines(properties);
  const rows = Object.entries(properties).map(
    ([key, value]) => `<li><b>${escapeHtml(key)}</b>: ${escapeHtml(value)}</li>`,
  );
  return {
    msgtype: 'm.text',
    body: [title, markdownToText(body), lines.join('\n')].filter(Boolean).join('\n\n'),
    format: 'org.matrix.custom.html',
    formatted_body: [
      title ? `<h4>${escapeHtml(title)}</h4>` : '',
      markdownToHtml(body),
      rows.length ? `<ul>${rows.join('')}</ul>` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

/** The answer's JSON field `key`, or undefined when it is not there. */
function field(text: string, key: string): unknown {
  try {
    return (JSON.parse(text) as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

const roomPath = (room: string) => encodeURIComponent(room);

async function login(base: string, user: string, password: string, ctx: SendContext, host: string) {
  const answer = await postJson(
    `${base}/login`,
    { type: 'm.login.password', identifier: { type: 'm.id.user', user }, password },
    ctx,
    `Matrix ${host} (login as ${user})`,
  );
  const token = field(answer.text, 'access_token');
  if (typeof token !== 'string' || !token)
    throw new DeliveryError(`Matrix ${host} answered the login of ${user} without an access token`, false);
  return token;
}

export const sendMatrix: Sender = async (endpoint, message, ctx) => {
  const { url } = endpoint;
  const params = url.searchParams;
  const user = decodeURIComponent(url.username) || endpoint.username || '';
  const password = decodeURIComponent(url.password) || endpoint.password || '';
  if (!password)
    throw new DeliveryError(
      'the Matrix URL needs a password or an access token: matrix://user:password@host/?rooms=…',
      false,
    );
  ctx.secret(password);
  const plain = /^(yes|true|1)$/i.test(params.get('disableTLS') ?? params.get('disabletls') ?? '');
  const base = `${plain ? 'http' : 'https'}://${url.host}${CLIENT_API}`;
  const token = user ? await login(base, user, password, ctx, url.host) : password;
  ctx.secret(token);
  const authorization = { authorization: `Bearer ${token}` };
  let rooms = (params.get('rooms') ?? params.get('room') ?? endpoint.properties.rooms ?? '')
    .split(',')
    .map((room) => room.trim())
    .filter(Boolean);
  if (rooms.length === 0) {
    const answer = await send(
      `${base}/joined_rooms`,
      { method: 'GET', headers: authorization, body: '' },
      ctx,
      `Matrix ${url.host}`,
    );
    const joined = field(answer.text, 'joined_rooms');
    rooms = Array.isArray(joined) ? joined.filter((room): room is string => typeof room === 'string') : [];
    if (rooms.length === 0)
      throw new DeliveryError(`the Matrix account on ${url.host} is in no room: add ?rooms=`, false);
  }
  const content = JSON.stringify(matrixContent(message));
  for (const room of rooms) {
    let id = room;
    if (room.startsWith('#')) {
      const joined = await postJson(
        `${base}/join/${roomPath(room)}`,
        {},
        ctx,
        `Matrix room ${room}`,
        authorization,
      );
      const roomId = field(joined.text, 'room_id');
      if (typeof roomId !== 'string')
        throw new DeliveryError(`Matrix did not say which room ${room} is`, false);
      id = roomId;
    }
    await send(
      `${base}/rooms/${roomPath(id)}/send/m.room.message/${randomUUID()}`,
      { method: 'PUT', headers: { 'content-type': 'application/json', ...authorization }, body: content },
      ctx,
      `Matrix room ${room}`,
    );
  }
  return { destination: `Matrix ${url.host} ${rooms.join(', ')}` };
};
