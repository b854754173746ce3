import { TLS_CERTIFICATE, TLS_KEY } from '../../../../../tests/support/kube-api/tls.js';
import { closedPort, deliveryFailure, startReceiver, type Receiver } from './test-support.js';
import { overrideApiOriginForTests } from './http.js';
import { deliver, type DeliveryTarget, type ResolvedConnection } from './index.js';
import { adaptiveCard, webhookOf } from './teams.js';

let receiver: Receiver;
let base: string;

/** Discord, Telegram, Pushover, OpsGenie, Google Chat, Slack's API, IFTTT and Pushbullet have
 * fixed public hosts; the SaaS APIs cannot run here, so their calls go to the local receiver. */
const SAAS = ['discord', 'telegram', 'pushover', 'opsgenie', 'google_chat', 'slack', 'ifttt', 'pushbullet'];

beforeAll(async () => {
  receiver = await startReceiver();
  base = receiver.origin;
  for (const kind of SAAS) overrideApiOriginForTests(kind, base);
});
afterAll(async () => {
  for (const kind of SAAS) overrideApiOriginForTests(kind, undefined);
  await receiver.close();
});
beforeEach(() => receiver.reset());

const message = {
  title: 'Disk almost full',
  body: 'node-3 is at **93%**',
  properties: { host: 'node-3', severity: 'high' },
};

const connection = (fields: Partial<ResolvedConnection>): DeliveryTarget => ({
  connection: { name: 'target', type: 'generic_webhook', properties: {}, ...fields },
});

describe('deliver: generic webhook', () => {
  it('posts {title, message, properties} to an http URL and says where it went', async () => {
    const delivered = await deliver({ url: `${base}/hook` }, message);
    expect(receiver.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/hook',
        json: { title: 'Disk almost full', message: 'node-3 is at **93%**', properties: message.properties },
      }),
    ]);
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json');
    expect(delivered).toEqual({
      kind: 'webhook',
      destination: `${base}/hook`,
      durationMs: expect.any(Number),
    });
  });

  it("reads the platform's generic+http options: keys, method, headers and extra fields", async () => {
    await deliver(
      {
        url: `generic+${base}/custom?titlekey=summary&messagekey=text&method=PUT&@X-Api-Key=abc123&$source=console&keep=1`,
      },
      message,
    );
    const [request] = receiver.received;
    expect(request).toMatchObject({
      method: 'PUT',
      path: '/custom?keep=1',
      json: {
        source: 'console',
        summary: 'Disk almost full',
        text: 'node-3 is at **93%**',
        properties: message.properties,
      },
    });
    expect(request!.headers['x-api-key']).toBe('abc123');
  });

  it("takes a generic_webhook connection's keys, method and credentials", async () => {
    await deliver(
      connection({
        url: `${base}/connection`,
        username: 'hook',
        password: 's3cret-pass',
        properties: { titleKey: 'subject', messageKey: 'content', method: 'PATCH' },
      }),
      { title: 'T', body: 'B' },
    );
    expect(receiver.received[0]).toMatchObject({ method: 'PATCH', json: { subject: 'T', content: 'B' } });
    expect(receiver.received[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('hook:s3cret-pass').toString('base64')}`,
    );
  });

  it('sends a GET webhook without a body', async () => {
    await deliver({ url: `generic+${base}/ping?method=GET&token=t0ken-123` }, message);
    expect(receiver.received[0]).toMatchObject({ method: 'GET', path: '/ping?token=t0ken-123', text: '' });
  });

  it('sends the credentials of the URL as Basic auth, and never shows them', async () => {
    receiver.answer('/refuse', { status: 400, body: 'bad payload' });
    const error = await deliveryFailure(
      deliver({ url: `http://bot:pa55w0rd-x@${base.slice(7)}/refuse` }, message),
    );
    expect(receiver.received[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('bot:pa55w0rd-x').toString('base64')}`,
    );
    expect(error.message).toBe(`the notification to ${base}/refuse was refused: HTTP 400 bad payload`);
    expect(error.retryable).toBe(false);
  });
});

describe('deliver: chat services', () => {
  it('sends Slack blocks with the markdown as mrkdwn to a Slack connection', async () => {
    const delivered = await deliver(connection({ type: 'slack', url: `${base}/services/T1/B2/X3` }), message);
    expect(delivered.kind).toBe('slack');
    expect(receiver.received[0]!.json).toEqual({
      text: 'Disk almost full\nnode-3 is at *93%*',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Disk almost full' } },
        { type: 'section', text: { type: 'mrkdwn', text: 'node-3 is at *93%*' } },
        {
          type: 'section',
          fields: [
            { type: 'mrkdwn', text: '*host*\nnode-3' },
            { type: 'mrkdwn', text: '*severity*\nhigh' },
          ],
        },
      ],
    });
  });

  it("reads shoutrrr's slack://hook:…@webhook as an incoming webhook", async () => {
    const delivered = await deliver({ url: 'slack://hook:T1A-B2B-X3C@webhook' }, message);
    expect(receiver.received[0]).toMatchObject({ method: 'POST', path: '/services/T1A/B2B/X3C' });
    expect(delivered).toMatchObject({ kind: 'slack', destination: 'Slack webhook' });
  });

  it('posts with a bot token (slack://xoxb:…@channel) and fails on Slack’s ok: false', async () => {
    receiver.answer('/api/chat.postMessage', { status: 200, body: { ok: true } });
    await deliver({ url: 'slack://xoxb:1234-5678-abcd@C001CH4NN3L' }, message);
    const [request] = receiver.received;
    expect(request).toMatchObject({ path: '/api/chat.postMessage', json: { channel: 'C001CH4NN3L' } });
    expect(request!.headers.authorization).toBe('Bearer xoxb-1234-5678-abcd');

    receiver.answer('/api/chat.postMessage', {
      status: 200,
      body: { ok: false, error: 'channel_not_found' },
    });
    const error = await deliveryFailure(deliver({ url: 'slack://xoxb:1234-5678-abcd@C001CH4NN3L' }, message));
    expect(error.message).toBe('Slack refused the message to C001CH4NN3L: channel_not_found');
    expect(error.retryable).toBe(false);
  });

  it('sends a Teams MessageCard to a Teams connection', async () => {
    const delivered = await deliver(connection({ type: 'teams', url: `${base}/webhookb2/ops` }), message);
    expect(delivered.kind).toBe('teams');
    expect(receiver.received[0]!.json).toEqual({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: 'Disk almost full',
      title: 'Disk almost full',
      text: 'node-3 is at **93%**',
      sections: [
        {
          facts: [
            { name: 'host', value: 'node-3' },
            { name: 'severity', value: 'high' },
          ],
        },
      ],
    });
  });

  it("reads shoutrrr's teams:// URL and shapes an Adaptive Card for Workflows", () => {
    expect(webhookOf(new URL('teams://grp@tnt/alt/owner?host=acme.webhook.office.com'))).toBe(
      'https://acme.webhook.office.com/webhookb2/grp@tnt/IncomingWebhook/alt/owner',
    );
    expect(webhookOf(new URL('teams://acme.webhook.office.com/webhookb2/x'))).toBe(
      'https://acme.webhook.office.com/webhookb2/x',
    );
    expect(adaptiveCard({ ...message }).attachments[0]!.content.body).toEqual([
      { type: 'TextBlock', text: 'Disk almost full', weight: 'Bolder', size: 'Medium', wrap: true },
      { type: 'TextBlock', text: 'node-3 is at **93%**', wrap: true },
      {
        type: 'FactSet',
        facts: [
          { title: 'host', value: 'node-3' },
          { title: 'severity', value: 'high' },
        ],
      },
    ]);
  });

  it('executes a Discord webhook (discord://token@id) with one embed', async () => {
    const delivered = await deliver({ url: 'discord://d1sc0rd-t0ken@112233?username=Ops' }, message);
    expect(receiver.received[0]).toMatchObject({
      method: 'POST',
      path: '/api/webhooks/112233/d1sc0rd-t0ken',
      json: {
        username: 'Ops',
        embeds: [
          {
            title: 'Disk almost full',
            description: 'node-3 is at **93%**',
            fields: [
              { name: 'host', value: 'node-3', inline: true },
              { name: 'severity', value: 'high', inline: true },
            ],
          },
        ],
      },
    });
    expect(delivered).toEqual({
      kind: 'discord',
      destination: 'Discord webhook 112233',
      durationMs: expect.any(Number),
    });
  });

  it('posts to a Mattermost incoming webhook (mattermost://user@host/token/channel)', async () => {
    const delivered = await deliver(
      { url: `mattermost://opsbot@${base.slice(7)}/hooktok3n/on-call?disabletls=yes` },
      message,
    );
    expect(receiver.received[0]).toMatchObject({
      path: '/hooks/hooktok3n',
      json: {
        text: '#### Disk almost full\n\nnode-3 is at **93%**\n\n- host: node-3\n- severity: high',
        username: 'opsbot',
        channel: 'on-call',
      },
    });
    expect(delivered.kind).toBe('mattermost');
    expect(delivered.destination).not.toContain('hooktok3n');
  });

  it('posts a Google Chat message in its marks, keeping the key and token of the URL', async () => {
    const delivered = await deliver(
      { url: 'googlechat://chat.googleapis.com/v1/spaces/AAAA/messages?key=k3y-x&token=t0k-y' },
      message,
    );
    expect(receiver.received[0]).toMatchObject({
      path: '/v1/spaces/AAAA/messages?key=k3y-x&token=t0k-y',
      json: { text: '*Disk almost full*\n\nnode-3 is at *93%*\n\nhost: node-3\nseverity: high' },
    });
    expect(delivered).toMatchObject({ kind: 'google_chat', destination: 'Google Chat space AAAA' });
  });
});

describe('deliver: push and paging services', () => {
  it('publishes to ntfy as JSON with a bearer token (ntfy://:token@host/topic)', async () => {
    const delivered = await deliver(
      { url: `ntfy://:tk_abcdef@${base.slice(7)}/disk-alerts?scheme=http&priority=high&tags=warning,disk` },
      message,
    );
    const [request] = receiver.received;
    expect(request).toMatchObject({
      path: '/',
      json: {
        topic: 'disk-alerts',
        title: 'Disk almost full',
        message: 'node-3 is at **93%**\n\nhost: node-3\nseverity: high',
        markdown: true,
        priority: 4,
        tags: ['warning', 'disk'],
      },
    });
    expect(request!.headers.authorization).toBe('Bearer tk_abcdef');
    expect(delivered).toMatchObject({ kind: 'ntfy', destination: `ntfy ${base.slice(7)}` });
  });

  it('sends Pushover messages.json form-encoded, the body in its HTML', async () => {
    receiver.answer('/1/messages.json', { status: 200, body: { status: 1, request: 'req-42' } });
    const delivered = await deliver(
      { url: 'pushover://shoutrrr:app-t0ken-1@user-k3y-2/?devices=phone&priority=1' },
      message,
    );
    const [request] = receiver.received;
    expect(request).toMatchObject({ method: 'POST', path: '/1/messages.json' });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.text))).toEqual({
      token: 'app-t0ken-1',
      user: 'user-k3y-2',
      message: 'node-3 is at <b>93%</b>\n\n<b>host</b>: node-3\n<b>severity</b>: high',
      html: '1',
      title: 'Disk almost full',
      device: 'phone',
      priority: '1',
    });
    expect(delivered).toMatchObject({
      kind: 'pushover',
      destination: 'Pushover devices phone',
      id: 'req-42',
    });
  });

  it('sends one Telegram sendMessage per chat, in HTML', async () => {
    receiver.answer('/bot', { status: 200, body: { ok: true, result: {} } });
    const delivered = await deliver(
      { url: 'telegram://110201543:AAHdqTcvCH1vGWJx@telegram?chats=@ops,-100123' },
      message,
    );
    expect(receiver.received.map((request) => request.path)).toEqual([
      '/bot110201543:AAHdqTcvCH1vGWJx/sendMessage',
      '/bot110201543:AAHdqTcvCH1vGWJx/sendMessage',
    ]);
    expect(receiver.received.map((request) => request.json)).toEqual(
      ['@ops', '-100123'].map((chat) => ({
        chat_id: chat,
        text: '<b>Disk almost full</b>\n\nnode-3 is at <b>93%</b>\n\n<b>host</b>: node-3\n<b>severity</b>: high',
        parse_mode: 'HTML',
        disable_notification: false,
        link_preview_options: { is_disabled: false },
      })),
    );
    expect(delivered).toMatchObject({ kind: 'telegram', destination: 'Telegram @ops, -100123' });
  });

  it('creates an OpsGenie alert with the GenieKey, the properties as details', async () => {
    receiver.answer('/v2/alerts', {
      status: 202,
      body: { result: 'Request will be processed', requestId: 'r-1' },
    });
    const delivered = await deliver(
      {
        url: 'opsgenie://api.eu.opsgenie.com/0psg3nie-key?priority=p2&alias=disk-node-3&tags=disk,prod&responders=team:ops,user:ana@acme.example',
      },
      message,
    );
    const [request] = receiver.received;
    expect(request).toMatchObject({
      path: '/v2/alerts',
      json: {
        message: 'Disk almost full',
        description: 'node-3 is at **93%**',
        details: message.properties,
        alias: 'disk-node-3',
        priority: 'P2',
        tags: ['disk', 'prod'],
        responders: [
          { type: 'team', name: 'ops' },
          { type: 'user', username: 'ana@acme.example' },
        ],
      },
    });
    expect(request!.headers.authorization).toBe('GenieKey 0psg3nie-key');
    expect(delivered).toMatchObject({
      kind: 'opsgenie',
      destination: 'OpsGenie api.eu.opsgenie.com',
      id: 'r-1',
    });
  });
});

describe('deliver: failures', () => {
  it('a 5xx or 429 may be tried again, with the status and a piece of the answer', async () => {
    receiver.answer('/down', { status: 503, body: 'upstream unavailable\n  try later' });
    const down = await deliveryFailure(deliver({ url: `${base}/down` }, message));
    expect(down.message).toBe(
      `the notification to ${base}/down was refused: HTTP 503 upstream unavailable try later`,
    );
    expect(down.retryable).toBe(true);
    receiver.answer('/busy', { status: 429, body: { retry_after: 3 } });
    expect((await deliveryFailure(deliver({ url: `${base}/busy` }, message))).retryable).toBe(true);
  });

  it('another 4xx is not tried again; a long answer is cut', async () => {
    receiver.answer('/bad', { status: 422, body: 'x'.repeat(5000) });
    const error = await deliveryFailure(deliver({ url: `${base}/bad` }, message));
    expect(error.retryable).toBe(false);
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).toContain('HTTP 422 xxxx');
  });

  it('a refused connection may be tried again', async () => {
    const port = await closedPort();
    const error = await deliveryFailure(deliver({ url: `http://127.0.0.1:${port}/hook` }, message));
    expect(error.message).toMatch(
      new RegExp(`^the notification to http://127.0.0.1:${port}/hook failed: .*ECONNREFUSED`),
    );
    expect(error.retryable).toBe(true);
  });

  it('a receiver slower than the timeout is given up on, and may be tried again', async () => {
    receiver.answer('/slow', { status: 200, delayMs: 5000 });
    // The message says the timeout ended it: the receiver's late answer would have been a success.
    const error = await deliveryFailure(deliver({ url: `${base}/slow` }, message, { timeoutMs: 200 }));
    expect(error.message).toBe(`the notification to ${base}/slow got no answer within 200 ms`);
    expect(error.retryable).toBe(true);
  });

  it("stops at the caller's abort", async () => {
    receiver.answer('/slow', { status: 200, delayMs: 5000 });
    const controller = new AbortController();
    const sending = deliver({ url: `${base}/slow` }, message, { signal: controller.signal });
    controller.abort(new Error('the console is stopping'));
    const error = await deliveryFailure(sending);
    expect(error.message).toBe(`the notification to ${base}/slow was stopped: the console is stopping`);
  });

  it('never shows a token, even when the answer repeats it', async () => {
    receiver.answer('/bot', {
      status: 401,
      body: { ok: false, description: 'Unauthorized: bot 110201543:AAHdqTcvCH1vGWJx' },
    });
    const telegram = await deliveryFailure(
      deliver({ url: 'telegram://110201543:AAHdqTcvCH1vGWJx@telegram?chats=@ops' }, message),
    );
    expect(telegram.message).toBe(
      'the notification to Telegram chat @ops was refused: HTTP 401 {"ok":false,"description":"Unauthorized: bot ***"}',
    );
    expect(telegram.retryable).toBe(false);

    receiver.answer('/api/webhooks', { status: 404, body: 'Unknown Webhook d1sc0rd-t0ken' });
    const discord = await deliveryFailure(deliver({ url: 'discord://d1sc0rd-t0ken@112233' }, message));
    expect(discord.message).toBe(
      'the notification to Discord webhook 112233 was refused: HTTP 404 Unknown Webhook ***',
    );

    receiver.answer('/v2/alerts', { status: 500, body: 'key 0psg3nie-key failed' });
    const opsgenie = await deliveryFailure(
      deliver({ url: 'opsgenie://api.opsgenie.com/0psg3nie-key' }, message),
    );
    expect(opsgenie.message).not.toContain('0psg3nie-key');

    receiver.answer('/services', { status: 403, body: 'invalid_token' });
    const slack = await deliveryFailure(
      deliver(connection({ type: 'slack', url: `${base}/services/T1/B2/S3CR3T` }), message),
    );
    expect(slack.message).toBe(
      `the notification to Slack webhook ${base.slice(7)} was refused: HTTP 403 invalid_token`,
    );
  });

  it('says plainly what it cannot send to, and that is not tried again', async () => {
    const gotify = await deliveryFailure(deliver({ url: 'gotify://gotify.example/t0ken' }, message));
    expect(gotify.message).toBe('notifications to gotify:// are not supported by this console');
    expect(gotify.retryable).toBe(false);
    const noUrl = await deliveryFailure(deliver(connection({ name: 'pager' }), message));
    expect(noUrl.message).toBe('the connection pager has no URL to send to');
    const bad = await deliveryFailure(deliver({ url: 'not a url' }, message));
    expect(bad.message).toBe("'not a url' is not a notification URL");
    const email = await deliveryFailure(
      deliver(connection({ name: 'mail', type: 'email', url: 'https://mail.example' }), message),
    );
    expect(email.message).toBe('the email connection mail has no smtp:// URL');
  });
});

/**
 * IFTTT, Matrix, Pushbullet, Rocket.Chat and Zulip are services (or servers) that cannot run in a
 * test: the local receiver stands in for each, and the tests assert the request their documented
 * HTTP API would receive.
 */
describe('deliver: IFTTT, Matrix, Pushbullet, Rocket.Chat and Zulip (a local stand-in of each API)', () => {
  const host = () => base.slice('http://'.length);

  it('triggers one IFTTT Maker event per event with the title, message and properties as values', async () => {
    const delivered = await deliver({ url: 'ifttt://iftt-k3y-9/?events=disk_alert,page' }, message);
    expect(receiver.received.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /trigger/disk_alert/with/key/iftt-k3y-9',
      'POST /trigger/page/with/key/iftt-k3y-9',
    ]);
    expect(receiver.received[0]!.json).toEqual({
      value1: 'Disk almost full',
      value2: 'node-3 is at 93%',
      value3: 'host: node-3\nseverity: high',
    });
    expect(delivered).toMatchObject({ kind: 'ifttt', destination: 'IFTTT disk_alert, page' });
    expect(delivered.destination).not.toContain('iftt-k3y-9');
  });

  it("moves IFTTT's title and message to the values the URL names, keeping its fixed ones", async () => {
    await deliver(
      { url: 'ifttt://k3y/?events=e&titlevalue=3&messagevalue=1&value2=from-console' },
      { title: 'T', body: 'B' },
    );
    expect(receiver.received[0]!.json).toEqual({ value1: 'B', value2: 'from-console', value3: 'T' });
  });

  it('logs in to Matrix with the user and password, then sends m.room.message to each room', async () => {
    receiver.answer('/_matrix/client/v3/login', {
      status: 200,
      body: { access_token: 'syt_acc3ss', user_id: '@ops:matrix.test' },
    });
    receiver.answer('/_matrix/client/v3/join/', {
      status: 200,
      body: { room_id: '!alias-room:matrix.test' },
    });
    receiver.answer('/_matrix/client/v3/rooms/', { status: 200, body: { event_id: '$e1' } });
    const delivered = await deliver(
      connection({
        type: 'matrix',
        url: `matrix://ops:m4trix-pw@${host()}/?rooms=!abc:matrix.test,%23oncall:matrix.test&disableTLS=yes`,
      }),
      message,
    );
    const [loginRequest, first, join, second] = receiver.received;
    expect(loginRequest).toMatchObject({
      method: 'POST',
      path: '/_matrix/client/v3/login',
      json: {
        type: 'm.login.password',
        identifier: { type: 'm.id.user', user: 'ops' },
        password: 'm4trix-pw',
      },
    });
    expect(join).toMatchObject({ method: 'POST', path: '/_matrix/client/v3/join/%23oncall%3Amatrix.test' });
    expect(first!.method).toBe('PUT');
    expect(first!.path).toMatch(
      /^\/_matrix\/client\/v3\/rooms\/!abc%3Amatrix.test\/send\/m.room.message\/[\w-]+$/,
    );
    expect(second!.path).toMatch(
      /^\/_matrix\/client\/v3\/rooms\/!alias-room%3Amatrix.test\/send\/m.room.message\//,
    );
    for (const request of [join, first, second])
      expect(request!.headers.authorization).toBe('Bearer syt_acc3ss');
    expect(first!.json).toEqual({
      msgtype: 'm.text',
      body: 'Disk almost full\n\nnode-3 is at 93%\n\nhost: node-3\nseverity: high',
      format: 'org.matrix.custom.html',
      formatted_body: expect.stringMatching(
        /^<h4>Disk almost full<\/h4>\n.*node-3 is at <strong>93%<\/strong>.*\n<ul><li><b>host<\/b>: node-3<\/li><li><b>severity<\/b>: high<\/li><\/ul>$/s,
      ),
    });
    expect(delivered).toMatchObject({
      kind: 'matrix',
      destination: `Matrix ${host()} !abc:matrix.test, #oncall:matrix.test`,
    });
  });

  it('sends to Matrix with an access token, to every joined room when the URL names none', async () => {
    receiver.answer('/_matrix/client/v3/joined_rooms', { status: 200, body: { joined_rooms: ['!r1:m'] } });
    await deliver({ url: `matrix://:syt_t0ken@${host()}/?disableTLS=yes` }, message);
    expect(
      receiver.received.map(
        ({ method, path }) => `${method} ${path.replace(/message\/[^/]+$/, 'message/<txn>')}`,
      ),
    ).toEqual([
      'GET /_matrix/client/v3/joined_rooms',
      'PUT /_matrix/client/v3/rooms/!r1%3Am/send/m.room.message/<txn>',
    ]);
    expect(receiver.received[1]!.headers.authorization).toBe('Bearer syt_t0ken');
  });

  it('pushes a Pushbullet note to each target with the Access-Token header', async () => {
    receiver.answer('/v2/pushes', { status: 200, body: { iden: 'push-1' } });
    const delivered = await deliver(
      { url: 'pushbullet://o.pb-t0ken/device-9/%23ops-channel/ana@acme.example' },
      message,
    );
    expect(receiver.received.map(({ method, path }) => `${method} ${path}`)).toEqual(
      Array(3).fill('POST /v2/pushes'),
    );
    const note = {
      type: 'note',
      title: 'Disk almost full',
      body: 'node-3 is at 93%\n\nhost: node-3\nseverity: high',
    };
    expect(receiver.received.map((request) => request.json)).toEqual([
      { ...note, device_iden: 'device-9' },
      { ...note, channel_tag: 'ops-channel' },
      { ...note, email: 'ana@acme.example' },
    ]);
    expect(receiver.received[0]!.headers['access-token']).toBe('o.pb-t0ken');
    expect(delivered).toMatchObject({
      kind: 'pushbullet',
      destination: 'Pushbullet device-9, #ops-channel, ana@acme.example',
      id: 'push-1',
    });
  });

  it('posts to a Rocket.Chat incoming webhook with the user and channel of the URL', async () => {
    const delivered = await deliver(
      { url: `rocketchat://opsbot@${host()}/t0kenA/t0kenB/%23alerts?disabletls=yes` },
      message,
    );
    expect(receiver.received[0]).toMatchObject({
      method: 'POST',
      path: '/hooks/t0kenA/t0kenB',
      json: {
        text: '*Disk almost full*\n\nnode-3 is at **93%**\n\n- host: node-3\n- severity: high',
        username: 'opsbot',
        channel: '#alerts',
      },
    });
    expect(delivered).toMatchObject({ kind: 'rocketchat', destination: `Rocket.Chat ${host()} #alerts` });
  });

  it("sends a Zulip stream message with the bot's email and key, form-encoded", async () => {
    receiver.answer('/api/v1/messages', { status: 200, body: { result: 'success', msg: '', id: 42 } });
    const delivered = await deliver(
      connection({
        type: 'zulip_chat',
        url: `zulip://ops-bot%40acme.zulipchat.com:zul1p-k3y@${host()}/?stream=alerts&topic=prod&disabletls=yes`,
      }),
      message,
    );
    const [request] = receiver.received;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/messages' });
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('ops-bot@acme.zulipchat.com:zul1p-k3y').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request!.text))).toEqual({
      type: 'stream',
      to: 'alerts',
      topic: 'prod',
      content: '**Disk almost full**\n\nnode-3 is at **93%**\n\n- host: node-3\n- severity: high',
    });
    expect(delivered).toMatchObject({ kind: 'zulip', destination: `Zulip ${host()} #alerts`, id: '42' });
  });

  it('takes the title as the Zulip topic when the URL names none', async () => {
    await deliver({ url: `zulip://bot%40z:k3y@${host()}/?stream=ops&disabletls=yes` }, message);
    expect(new URLSearchParams(receiver.received[0]!.text).get('topic')).toBe('Disk almost full');
  });

  describe('a refusal names the provider and the status, never the token or the password', () => {
    const cases: { name: string; url: string; prefix: string; said: string; secrets: string[] }[] = [
      {
        name: 'IFTTT',
        url: 'ifttt://iftt-k3y-9/?events=disk',
        prefix: '/trigger',
        said: 'IFTTT event disk was refused: HTTP 401',
        secrets: ['iftt-k3y-9'],
      },
      {
        name: 'Matrix',
        url: 'matrix://ops:m4trix-pw@HOST/?rooms=!r:m&disableTLS=yes',
        prefix: '/_matrix/client/v3/login',
        said: 'Matrix HOST (login as ops) was refused: HTTP 403',
        secrets: ['m4trix-pw'],
      },
      {
        name: 'Pushbullet',
        url: 'pushbullet://o.pb-t0ken/device-9',
        prefix: '/v2/pushes',
        said: 'Pushbullet device-9 was refused: HTTP 401',
        secrets: ['o.pb-t0ken'],
      },
      {
        name: 'Rocket.Chat',
        url: 'rocketchat://HOST/t0kenA/t0kenB?disabletls=yes',
        prefix: '/hooks',
        said: 'Rocket.Chat HOST was refused: HTTP 404',
        secrets: ['t0kenA', 't0kenB'],
      },
      {
        name: 'Zulip',
        url: 'zulip://bot%40z:zul1p-k3y@HOST/?stream=ops&disabletls=yes',
        prefix: '/api/v1/messages',
        said: 'Zulip HOST #ops was refused: HTTP 401',
        secrets: ['zul1p-k3y'],
      },
    ];

    it.each(cases)('$name', async ({ url, prefix, said, secrets }) => {
      const status = Number(/HTTP (\d+)/.exec(said)![1]);
      // The answer repeats the credentials, as some servers do.
      receiver.answer(prefix, { status, body: `denied: ${secrets.join(' ')}` });
      const error = await deliveryFailure(deliver({ url: url.replace('HOST', host()) }, message));
      expect(error.message).toBe(
        `the notification to ${said.replace('HOST', host())} denied: ${secrets.map(() => '***').join(' ')}`,
      );
      expect(error.retryable).toBe(false);
      for (const secret of secrets) expect(error.message).not.toContain(secret);
    });

    it('a 5xx of the Matrix server may be tried again', async () => {
      receiver.answer('/_matrix/client/v3/rooms/', { status: 502, body: 'bad gateway' });
      const error = await deliveryFailure(
        deliver({ url: `matrix://:syt_t0ken@${host()}/?rooms=!r:m&disableTLS=yes` }, message),
      );
      expect(error.message).toBe('the notification to Matrix room !r:m was refused: HTTP 502 bad gateway');
      expect(error.retryable).toBe(true);
    });
  });
});

describe("deliver: the connection's insecure TLS", () => {
  let tlsReceiver: Receiver;
  beforeAll(async () => {
    // A self-signed certificate for 127.0.0.1, which no client trusts.
    tlsReceiver = await startReceiver({ cert: TLS_CERTIFICATE, key: TLS_KEY });
  });
  afterAll(() => tlsReceiver.close());
  beforeEach(() => tlsReceiver.reset());

  const webhook = (insecureTls: boolean) =>
    connection({ name: 'hook', url: `${tlsReceiver.origin}/hook`, insecureTls });

  it('refuses a self-signed certificate without it, and is not tried again', async () => {
    const error = await deliveryFailure(deliver(webhook(false), message));
    expect(error.message).toMatch(
      new RegExp(`^the notification to ${tlsReceiver.origin}/hook failed: .*certificate.*insecure TLS`),
    );
    expect(error.retryable).toBe(false);
    expect(tlsReceiver.received).toEqual([]);
  });

  it('accepts it with insecure TLS on the connection', async () => {
    const delivered = await deliver(webhook(true), message);
    expect(tlsReceiver.received).toEqual([expect.objectContaining({ method: 'POST', path: '/hook' })]);
    expect(delivered.kind).toBe('webhook');
  });

  it('is honoured by the other HTTP senders (Zulip and Matrix here)', async () => {
    tlsReceiver.answer('/api/v1/messages', { status: 200, body: { result: 'success', id: 1 } });
    const origin = tlsReceiver.origin.slice('https://'.length);
    const zulip = (insecureTls: boolean) =>
      connection({
        type: 'zulip_chat',
        url: `zulip://bot%40z:k3y@${origin}/?stream=ops`,
        insecureTls,
      });
    expect((await deliveryFailure(deliver(zulip(false), message))).message).toMatch(/certificate/);
    await deliver(zulip(true), message);
    tlsReceiver.answer('/_matrix/client/v3/rooms/', { status: 200, body: { event_id: '$1' } });
    await deliver(
      connection({ type: 'matrix', url: `matrix://:syt@${origin}/?rooms=!r:m`, insecureTls: true }),
      message,
    );
    expect(tlsReceiver.received.map((request) => request.path.split('/').slice(0, 5).join('/'))).toEqual([
      '/api/v1/messages',
      '/_matrix/client/v3/rooms',
    ]);
  });

  it('an address given as a URL (no connection) keeps the check', async () => {
    const error = await deliveryFailure(deliver({ url: `${tlsReceiver.origin}/hook` }, message));
    expect(error.message).toMatch(/certificate/);
  });
});
