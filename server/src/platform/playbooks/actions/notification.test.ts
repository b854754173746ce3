import {
  startMailServer,
  startReceiver,
  type MailServer,
  type Receiver,
} from '../../notifications/senders/test-support.js';
import { notificationAction } from './notification.js';
import { ActionFailure } from './types.js';
import { actionContext as context } from './test-support.js';

let webhook: Receiver;
let base: string;
let received: Receiver['received'];

let smtp: MailServer;
let smtpPort: number;
let mails: MailServer['mails'];

beforeAll(async () => {
  webhook = await startReceiver();
  base = webhook.origin;
  received = webhook.received;
  smtp = await startMailServer({
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-pa55')
        return callback(null, { user: 'mailer' });
      callback(new Error('bad credentials'));
    },
  });
  smtpPort = smtp.port;
  mails = smtp.mails;
});

afterAll(async () => {
  await webhook.close();
  await smtp.close();
});

beforeEach(() => {
  webhook.reset();
  webhook.answer('/refuse', { status: 400, body: 'invalid_payload' });
  mails.length = 0;
});

const message = {
  title: 'Disk almost full',
  message: 'node-3 is at 93%',
  properties: { host: 'node-3', severity: 'high' },
};

describe('notification action', () => {
  it('posts the generic JSON to a webhook URL', async () => {
    const result = await notificationAction({ ...message, url: `${base}/hook` }, context());
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/hook',
        json: {
          title: 'Disk almost full',
          message: 'node-3 is at 93%',
          properties: { host: 'node-3', severity: 'high' },
        },
      }),
    ]);
    expect(result).toEqual({ sent: `${base}/hook`, kind: 'webhook' });
  });

  it('honours a generic webhook connection’s keys and a generic+http URL', async () => {
    const ctx = context(
      {},
      {
        'connection://default/hook': {
          name: 'hook',
          type: 'generic_webhook',
          url: `generic+${base}/custom`,
          properties: { titleKey: 'summary', messageKey: 'text', method: 'PUT' },
        },
      },
    );
    await notificationAction({ ...message, connection: 'connection://default/hook' }, ctx);
    expect(received[0]).toMatchObject({
      method: 'PUT',
      path: '/custom',
      json: { summary: 'Disk almost full', text: 'node-3 is at 93%', properties: message.properties },
    });
  });

  it('sends a Slack-shaped body to a Slack connection', async () => {
    const ctx = context(
      {},
      {
        'connection://default/slack': {
          name: 'slack',
          type: 'slack',
          url: `${base}/services/T1/B2/X3`,
          properties: {},
        },
      },
    );
    const result = await notificationAction({ ...message, connection: 'connection://default/slack' }, ctx);
    expect(result.kind).toBe('slack');
    expect(received[0]!.json).toEqual({
      text: 'Disk almost full\nnode-3 is at 93%',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Disk almost full' } },
        { type: 'section', text: { type: 'mrkdwn', text: 'node-3 is at 93%' } },
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

  it('sends a Teams MessageCard to a Teams connection', async () => {
    const ctx = context(
      {},
      {
        'connection://default/teams': {
          name: 'teams',
          type: 'teams',
          url: `${base}/webhookb2/ops`,
          properties: {},
        },
      },
    );
    const result = await notificationAction({ ...message, connection: 'connection://default/teams' }, ctx);
    expect(result.kind).toBe('teams');
    expect(received[0]!.json).toMatchObject({
      '@type': 'MessageCard',
      title: 'Disk almost full',
      text: 'node-3 is at 93%',
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

  it('sends to the provider URL kinds of the senders (Mattermost here)', async () => {
    const result = await notificationAction(
      { ...message, url: `mattermost://${base.slice(7)}/hookt0ken?disabletls=yes` },
      context(),
    );
    expect(result.kind).toBe('mattermost');
    expect(received[0]).toMatchObject({
      path: '/hooks/hookt0ken',
      json: { text: expect.stringContaining('node-3 is at 93%') },
    });
  });

  it('a refused webhook fails the action with the status', async () => {
    await expect(notificationAction({ ...message, url: `${base}/refuse` }, context())).rejects.toThrow(
      new ActionFailure(`the notification to ${base}/refuse was refused: HTTP 400 invalid_payload`),
    );
  });

  it('sends an email over SMTP through an email connection, with its credentials', async () => {
    const ctx = context(
      {},
      {
        'connection://default/mail': {
          name: 'mail',
          type: 'email',
          url: `smtp://127.0.0.1:${smtpPort}/?from=ops@acme.example&to=oncall@acme.example,lead@acme.example`,
          username: 'mailer',
          password: 'smtp-pa55',
          properties: { encryptionMethod: 'None', fromName: 'Ops Console' },
        },
      },
    );
    const result = await notificationAction({ ...message, connection: 'connection://default/mail' }, ctx);
    expect(result).toMatchObject({
      kind: 'email',
      sent: `oncall@acme.example, lead@acme.example via smtp://127.0.0.1:${smtpPort}`,
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: 'ops@acme.example',
      to: ['oncall@acme.example', 'lead@acme.example'],
      user: 'mailer',
    });
    expect(mails[0]!.raw).toContain('Subject: Disk almost full');
    expect(mails[0]!.raw).toContain('node-3 is at 93%');
    expect(mails[0]!.raw).toContain('severity: high');
    expect(ctx.secrets.has('smtp-pa55')).toBe(true);
  });

  it('an email without a recipient is refused before anything is sent', async () => {
    await expect(
      notificationAction(
        { ...message, url: `smtp://127.0.0.1:${smtpPort}/?from=ops@acme.example` },
        context(),
      ),
    ).rejects.toThrow('the email has no recipient: add ?to= to the URL or a to property');
    expect(mails).toHaveLength(0);
  });

  it('says which schemes it cannot send to', async () => {
    await expect(
      notificationAction({ ...message, url: 'gotify://gotify.example/t0ken' }, context()),
    ).rejects.toThrow('notifications to gotify:// are not supported by this console');
  });
});
