import { CONNECTION_TYPES, type FormValues } from './connection-types.js';
import {
  buildNotificationUrl,
  NOTIFICATION_URL_TYPES,
  PASSWORD_PLACEHOLDER,
  parseNotificationUrl,
} from './notification-urls.js';

interface Case {
  values: FormValues;
  url: string;
}

/** Every notification type: its fields, the URL they build, and the fields read back from it. */
const CASES: Record<string, Case> = {
  discord: { values: { webhookId: '123456' }, url: 'discord://$(password)@123456' },
  email: {
    values: {
      host: 'smtp.example.com',
      port: '587',
      from: 'ops@example.com',
      fromName: 'Ops Console',
      to: 'oncall@example.com',
      encryptionMethod: 'ExplicitTLS',
      authMethod: 'Plain',
    },
    url: 'smtp://smtp.example.com:587/?from=ops%40example.com&fromName=Ops+Console&to=oncall%40example.com&encryption=ExplicitTLS&auth=Plain&useStartTLS=yes',
  },
  google_chat: {
    values: { space: 'AAAA1234' },
    url: 'googlechat://chat.googleapis.com/v1/spaces/AAAA1234/messages?key=$(username)&token=$(password)',
  },
  ifttt: { values: { events: 'alert,page' }, url: 'ifttt://$(password)/?events=alert%2Cpage' },
  mattermost: {
    values: { host: 'chat.example.com:8065', user: 'ops-bot', channel: 'alerts' },
    url: 'mattermost://ops-bot@chat.example.com:8065/$(password)/alerts',
  },
  matrix: {
    values: { host: 'matrix.example.com', rooms: '!room:example.com' },
    url: 'matrix://$(username):$(password)@matrix.example.com/?rooms=%21room%3Aexample.com',
  },
  ntfy: { values: { host: 'ntfy.sh', topic: 'ops-alerts' }, url: 'ntfy://ntfy.sh/ops-alerts' },
  opsgenie: {
    values: { host: 'api.eu.opsgenie.com', port: '443' },
    url: 'opsgenie://api.eu.opsgenie.com:443/',
  },
  pushbullet: {
    values: { targets: 'phone,#channel' },
    url: 'pushbullet://$(password)/phone/%23channel',
  },
  pushover: {
    values: { user: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG' },
    url: 'pushover://uQiRzpo4DXghDmr9QzzfQu27cmVRsG/',
  },
  rocketchat: {
    values: { host: 'rocket.example.com', port: '3000', user: 'ops', channel: '#alerts' },
    url: 'rocketchat://ops@rocket.example.com:3000/$(username)/$(password)/%23alerts',
  },
  slack: {
    values: { channel: 'C0123ABCD', botName: 'Ops' },
    url: 'slack://$(password)@C0123ABCD?botname=Ops',
  },
  teams: {
    values: {
      group: 'g-1',
      tenant: 't-2',
      altId: 'a-3',
      groupOwner: 'o-4',
      host: 'example.webhook.office.com',
    },
    url: 'teams://g-1@t-2/a-3/o-4?host=example.webhook.office.com',
  },
  telegram: { values: { chats: '@ops,-100123' }, url: 'telegram://telegram/?chats=%40ops%2C-100123' },
  zulip_chat: {
    values: { host: 'ops.zulipchat.com', stream: 'alerts', topic: 'prod' },
    url: 'zulip://$(username):$(password)@ops.zulipchat.com/?stream=alerts&topic=prod',
  },
  generic_webhook: {
    values: {
      target: 'https://hooks.example.com/notify',
      method: 'POST',
      contentType: 'application/json',
      messageKey: 'message',
      titleKey: 'title',
    },
    url: 'generic+https://hooks.example.com/notify?method=POST&contenttype=application%2Fjson&messagekey=message&titlekey=title',
  },
};

describe('notification URLs', () => {
  it('covers every notification-only type of the spec', () => {
    const notificationTypes = [...CONNECTION_TYPES.values()]
      .filter((t) => t.notification)
      .map((t) => t.value);
    expect(notificationTypes.sort()).toEqual(Object.keys(CASES).sort());
    expect([...NOTIFICATION_URL_TYPES].sort()).toEqual(Object.keys(CASES).sort());
  });

  describe.each(Object.entries(CASES))('%s', (type, { values, url }) => {
    it('builds the provider URL from the fields', () => {
      expect(buildNotificationUrl(type, { ...values, insecure_tls: false })).toBe(url);
    });

    it('reads the fields back from the URL', () => {
      expect(parseNotificationUrl(type, url)).toEqual(values);
    });

    it('keeps the token out of the URL', () => {
      const built = buildNotificationUrl(type, {
        ...values,
        password: 'xoxb-secret',
        username: 'key-secret',
      })!;
      expect(built).not.toContain('secret');
    });
  });

  it('marks insecure TLS in the URL where the provider reads it', () => {
    expect(buildNotificationUrl('ntfy', { host: 'ntfy.local', topic: 't', insecure_tls: true })).toBe(
      'ntfy://ntfy.local/t?scheme=http',
    );
    expect(
      buildNotificationUrl('generic_webhook', {
        target: 'https://hooks.example.com/x',
        method: 'GET',
        contentType: '',
        messageKey: 'text',
        titleKey: 'subject',
        insecure_tls: true,
      }),
    ).toBe('generic+https://hooks.example.com/x?method=GET&messagekey=text&titlekey=subject&disabletls=yes');
    expect(buildNotificationUrl('email', { host: 'mail', port: '25', from: 'a@b', insecure_tls: true })).toBe(
      'smtp://mail:25/?from=a%40b&skipTLSVerify=yes',
    ); // Matrix's sender reads the connection's insecure TLS itself; shoutrrr's disableTLS would mean plain http.
    expect(buildNotificationUrl('matrix', { host: 'matrix.local', insecure_tls: true })).toBe(
      'matrix://$(username):$(password)@matrix.local/',
    );
  });

  it('reads the platform notation of URLs made elsewhere', () => {
    expect(parseNotificationUrl('slack', `slack://${PASSWORD_PLACEHOLDER}@C999`)).toEqual({
      channel: 'C999',
    });
    expect(parseNotificationUrl('email', 'smtps://mail.example.com/?fromAddress=a@example.com')).toEqual({
      host: 'mail.example.com',
      port: '465',
      from: 'a@example.com',
    });
    expect(
      parseNotificationUrl('generic_webhook', 'generic+https://h.example.com/p?requestmethod=GET&a=1'),
    ).toEqual({
      target: 'https://h.example.com/p?a=1',
      method: 'GET',
    });
    expect(parseNotificationUrl('mattermost', 'mattermost://chat.example.com/$(password)')).toEqual({
      host: 'chat.example.com',
    });
  });

  it('reads nothing from a missing or broken URL, and nothing for other types', () => {
    expect(parseNotificationUrl('slack', null)).toEqual({});
    expect(parseNotificationUrl('slack', 'not a url')).toEqual({});
    expect(parseNotificationUrl('postgres', 'postgres://db')).toEqual({});
    expect(buildNotificationUrl('postgres', {})).toBeUndefined();
  });
});
