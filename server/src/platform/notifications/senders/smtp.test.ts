import { configureConsoleMail, deliver, emailTarget, type ResolvedConnection } from './index.js';
import { mailContent } from './smtp.js';
import { closedPort, deliveryFailure, startMailServer, type MailServer } from './test-support.js';

const message = {
  title: 'Disk almost full',
  body: 'node-3 is at **93%** <script>x</script>',
  properties: { host: 'node-3' },
};

const emailConnection = (url: string, fields: Partial<ResolvedConnection> = {}) => ({
  connection: { name: 'mail', type: 'email', url, properties: {}, ...fields },
});

describe('email over SMTP', () => {
  let plain: MailServer;

  beforeAll(async () => {
    plain = await startMailServer({
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'smtp-pa55')
          return callback(null, { user: 'mailer' });
        callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('full@'))
          return callback(Object.assign(new Error('mailbox full'), { responseCode: 452 }));
        if (address.address.startsWith('nobody@'))
          return callback(Object.assign(new Error('no such user'), { responseCode: 550 }));
        callback();
      },
    });
  });
  afterAll(() => plain.close());
  beforeEach(() => (plain.mails.length = 0));

  it('sends the title as subject and the body as HTML and text, logged in', async () => {
    const delivered = await deliver(
      emailConnection(
        `smtp://127.0.0.1:${plain.port}/?from=ops@acme.example&to=oncall@acme.example,lead@acme.example`,
        {
          username: 'mailer',
          password: 'smtp-pa55',
          properties: { encryptionMethod: 'None', fromName: 'Ops Console' },
        },
      ),
      message,
    );
    expect(delivered).toMatchObject({
      kind: 'email',
      destination: `oncall@acme.example, lead@acme.example via smtp://127.0.0.1:${plain.port}`,
      id: expect.stringMatching(/^<.+>$/),
    });
    expect(plain.mails).toHaveLength(1);
    const [mail] = plain.mails;
    expect(mail).toMatchObject({
      from: 'ops@acme.example',
      to: ['oncall@acme.example', 'lead@acme.example'],
      user: 'mailer',
    });
    expect(mail!.raw).toContain('Subject: Disk almost full');
    expect(mail!.raw).toContain('From: Ops Console <ops@acme.example>');
    expect(mail!.raw).toContain('text/plain');
    expect(mail!.raw).toContain('text/html');
    expect(mail!.raw).toContain('<strong>93%</strong> &lt;script&gt;');
    const html = mail!.raw.slice(mail!.raw.indexOf('text/html'));
    expect(html).not.toContain('<script>');
  });

  it("reads the credentials and recipients from the URL (the platform's smtp:// notation)", async () => {
    await deliver(
      {
        url: `smtp://mailer:smtp-pa55@127.0.0.1:${plain.port}/?fromAddress=ops@acme.example&toAddresses=a@acme.example&encryption=None`,
      },
      message,
    );
    expect(plain.mails[0]).toMatchObject({
      user: 'mailer',
      from: 'ops@acme.example',
      to: ['a@acme.example'],
    });
  });

  it('a refused login is not tried again and never shows the password', async () => {
    const error = await deliveryFailure(
      deliver(
        {
          url: `smtp://mailer:wr0ng-pa55@127.0.0.1:${plain.port}/?from=ops@acme.example&to=a@acme.example&encryption=None`,
        },
        message,
      ),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^the email through smtp:\/\/127.0.0.1:\d+ could not be sent: Invalid login/,
    );
    expect(error.message).not.toContain('wr0ng-pa55');
  });

  it('a 4xx reply may be tried again, a 5xx one not', async () => {
    const url = (to: string) =>
      `smtp://127.0.0.1:${plain.port}/?from=ops@acme.example&to=${to}&encryption=None`;
    const full = await deliveryFailure(deliver({ url: url('full@acme.example') }, message));
    expect(full.retryable).toBe(true);
    expect(full.message).toContain('mailbox full');
    const nobody = await deliveryFailure(deliver({ url: url('nobody@acme.example') }, message));
    expect(nobody.retryable).toBe(false);
  });

  it('refuses before connecting when there is no sender or recipient', async () => {
    expect(
      (await deliveryFailure(deliver({ url: `smtp://127.0.0.1:${plain.port}/?to=a@acme.example` }, message)))
        .message,
    ).toBe('the email has no sender: add ?from= to the URL or a from property');
    expect(
      (
        await deliveryFailure(
          deliver({ url: `smtp://127.0.0.1:${plain.port}/?from=ops@acme.example` }, message),
        )
      ).message,
    ).toBe('the email has no recipient: add ?to= to the URL or a to property');
    expect(plain.mails).toHaveLength(0);
  });

  it('a server that is not there may be tried again', async () => {
    const port = await closedPort();
    const error = await deliveryFailure(
      deliver({ url: `smtp://127.0.0.1:${port}/?from=o@acme.example&to=a@acme.example` }, message),
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('ExplicitTLS insists on STARTTLS: a server without it is refused, not tried again', async () => {
    const error = await deliveryFailure(
      deliver(
        emailConnection(`smtp://127.0.0.1:${plain.port}/?from=o@acme.example&to=a@acme.example`, {
          properties: { encryptionMethod: 'ExplicitTLS' },
        }),
        message,
      ),
    );
    expect(error.retryable).toBe(false);
    expect(plain.mails).toHaveLength(0);
  });
});

describe('email over SMTP with STARTTLS', () => {
  let tls: MailServer;
  // smtp-server's own self-signed certificate: the client must check it and refuse it.
  beforeAll(async () => (tls = await startMailServer({})));
  afterAll(() => tls.close());

  it('upgrades with STARTTLS and checks the certificate', async () => {
    const error = await deliveryFailure(
      deliver(
        { url: `smtp://127.0.0.1:${tls.port}/?from=o@acme.example&to=a@acme.example&encryption=ExplicitTLS` },
        message,
      ),
    );
    expect(error.message).toMatch(/certificate/);
    expect(error.retryable).toBe(false);
    expect(tls.mails).toHaveLength(0);
  });

  it("accepts the certificate with the connection's insecure TLS, or skipTLSVerify in the URL", async () => {
    const url = `smtp://127.0.0.1:${tls.port}/?from=o@acme.example&to=a@acme.example&encryption=ExplicitTLS`;
    await deliver(emailConnection(url, { insecureTls: true }), message);
    await deliver({ url: `${url}&skipTLSVerify=yes` }, message);
    expect(tls.mails.map((mail) => mail.secure)).toEqual([true, true]);
  });
});

describe("the console's own mail (SMTP_URL)", () => {
  let server: MailServer;
  beforeAll(async () => (server = await startMailServer({ disabledCommands: ['STARTTLS'] })));
  afterAll(async () => {
    configureConsoleMail(undefined);
    await server.close();
  });

  it('is undefined until SMTP_URL is set, then sends through it to the people given', async () => {
    configureConsoleMail(undefined);
    expect(emailTarget(['ana@acme.example'])).toBeUndefined();
    configureConsoleMail(`smtp://127.0.0.1:${server.port}/?from=console@acme.example&encryption=None`);
    const target = emailTarget(['ana@acme.example', 'bo@acme.example']);
    expect(target).toEqual({
      url: `smtp://127.0.0.1:${server.port}/?from=console%40acme.example&encryption=None&to=ana%40acme.example%2Cbo%40acme.example`,
    });
    await deliver(target!, message);
    expect(server.mails[0]).toMatchObject({
      from: 'console@acme.example',
      to: ['ana@acme.example', 'bo@acme.example'],
    });
  });
});

describe('mail content', () => {
  it('escapes the properties in the HTML table and lists them in the text', () => {
    expect(mailContent('T', 'a *b*', { '<k>': 'v&w' })).toEqual({
      subject: 'T',
      text: 'a b\n\n<k>: v&w',
      html: '<p>a <em>b</em></p>\n<table><tr><th align="left">&lt;k&gt;</th><td>v&amp;w</td></tr></table>',
    });
  });
});
