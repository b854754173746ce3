import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      basePath: '/',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      workers: 1,
      databaseConnectTimeoutMs: 3000,
      databaseStatementTimeoutMs: 10_000,
      logLevel: 'info',
      demoData: true,
      bodyLimitBytes: 1024 * 1024,
      shutdownTimeoutMs: 10000,
      apiMaxRows: 1000,
      eventsHeartbeatMs: 15_000,
      leases: { eventsMs: 300_000, notificationsMs: 60_000 },
      notificationTimeoutMs: 30_000,
      trustProxy: 'loopback',
      publicUrl: undefined,
      auth: {
        oidc: undefined,
        adminPassword: undefined,
        sessionIdleTimeoutMs: 8 * 3_600_000,
        sessionMaxAgeMs: 24 * 3_600_000,
        trustForwardedUserFrom: [],
      },
      localFeatureFlags: new Map(),
      health: {
        runnerEnabled: true,
        concurrency: 10,
        statusRetentionMs: 30 * 86_400_000,
        rollupRetentionMs: 400 * 86_400_000,
      },
      incidents: { automationEnabled: true, automationIntervalMs: 60_000 },
      playbooks: { runnerEnabled: true },
      catalog: { scraperFileRoots: [path.resolve('./data/files')] },
      logs: { fileRoots: [path.resolve('./data/files')] },
      topology: { builderEnabled: true },
      kube: undefined,
      smtpUrl: undefined,
      integrations: { chartRepositoryUrl: 'https://flanksource.github.io/charts' },
      upstream: undefined,
      platform: undefined,
    });
  });

  describe('upstream mode', () => {
    it('reads the platform, its token and timeout, without a trailing slash', () => {
      expect(
        loadConfig({
          PLATFORM_URL: 'https://platform.example.com:8443/api/',
          PLATFORM_TOKEN: 'ocp_secret',
          PLATFORM_TIMEOUT: '5s',
        }).platform,
      ).toEqual({
        url: 'https://platform.example.com:8443/api',
        host: 'platform.example.com:8443',
        token: 'ocp_secret',
        timeoutMs: 5000,
        forwardOidcToken: false,
      });
      expect(loadConfig({ PLATFORM_URL: 'http://mission-control:8080' }).platform).toEqual({
        url: 'http://mission-control:8080',
        host: 'mission-control:8080',
        token: undefined,
        timeoutMs: 30_000,
        forwardOidcToken: false,
      });
    });

    it('refuses what is not an http(s) URL, credentials in it, and never repeats a token', () => {
      expect(() => loadConfig({ PLATFORM_URL: 'ftp://platform' })).toThrow(
        /^PLATFORM_URL="ftp:\/\/platform": must be the http\(s\) URL/,
      );
      expect(() => loadConfig({ PLATFORM_URL: 'http://user:s3cret@platform/api' })).toThrow(
        new ConfigError(
          'PLATFORM_URL="http://platform/api": must not hold credentials: give the token in PLATFORM_TOKEN',
        ),
      );
      expect(() => loadConfig({ PLATFORM_URL: 'http://platform/api?x=1' })).toThrow(/^PLATFORM_URL=/);
      expect(() => loadConfig({ PLATFORM_URL: 'platform' })).toThrow(/^PLATFORM_URL: must be/);
      const spaced = () => loadConfig({ PLATFORM_URL: 'http://platform', PLATFORM_TOKEN: 'two words' });
      expect(spaced).toThrow(/^PLATFORM_TOKEN: must be one word/);
      expect(spaced).not.toThrow(/two words/);
      expect(() => loadConfig({ PLATFORM_TOKEN: 'ocp_x' })).toThrow(
        new ConfigError('PLATFORM_TOKEN: only applies with PLATFORM_URL'),
      );
      expect(() => loadConfig({ PLATFORM_URL: 'http://platform', PLATFORM_TIMEOUT: '0s' })).toThrow(
        /^PLATFORM_TIMEOUT="0s"/,
      );
    });

    it("forwards the person's own OIDC access token only with OIDC sign-in and a platform", () => {
      const oidc = { OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'ops-console' };
      expect(
        loadConfig({ ...oidc, PLATFORM_URL: 'http://platform', PLATFORM_FORWARD_OIDC_TOKEN: 'true' })
          .platform,
      ).toMatchObject({ url: 'http://platform', token: undefined, forwardOidcToken: true });
      expect(() =>
        loadConfig({ PLATFORM_URL: 'http://platform', PLATFORM_FORWARD_OIDC_TOKEN: 'true' }),
      ).toThrow(
        new ConfigError(
          'PLATFORM_FORWARD_OIDC_TOKEN=true: needs OIDC sign-in (OIDC_ISSUER_URL): only a person signed in at an OpenID provider has an access token to forward',
        ),
      );
      expect(() => loadConfig({ ...oidc, PLATFORM_FORWARD_OIDC_TOKEN: 'true' })).toThrow(
        new ConfigError('PLATFORM_FORWARD_OIDC_TOKEN: only applies with PLATFORM_URL'),
      );
      expect(() =>
        loadConfig({ ...oidc, PLATFORM_URL: 'http://platform', PLATFORM_FORWARD_OIDC_TOKEN: 'yes' }),
      ).toThrow(/^PLATFORM_FORWARD_OIDC_TOKEN="yes": must be true or false/);
      expect(loadConfig({ PLATFORM_FORWARD_OIDC_TOKEN: 'false' }).platform).toBeUndefined();
    });

    it('reads whose tokens may name a forwarded user, as emails, usernames or ids', () => {
      expect(
        loadConfig({
          TRUST_FORWARDED_USER_FROM:
            ' Front@Example.com , 0b6c3a52-3d0e-4f34-9d53-2d5b1c1e7a10,front@example.com, Front-Console',
        }).auth.trustForwardedUserFrom,
      ).toEqual(['front@example.com', '0b6c3a52-3d0e-4f34-9d53-2d5b1c1e7a10', 'front-console']);
      expect(() => loadConfig({ TRUST_FORWARDED_USER_FROM: 'front console' })).toThrow(
        new ConfigError(
          'TRUST_FORWARDED_USER_FROM: "front console" is not an email, a username or a person id',
        ),
      );
    });
  });

  it('refuses agent mode and upstream mode together', () => {
    expect(() =>
      loadConfig({
        UPSTREAM_URL: 'https://hub.example/',
        UPSTREAM_TOKEN: 'ocp_x',
        AGENT_NAME: 'east',
        PLATFORM_URL: 'https://platform.example/api',
      }),
    ).toThrow(/^UPSTREAM_URL and PLATFORM_URL: .*choose one$/);
  });

  describe('agent mode', () => {
    const TOKEN = 'ocp_s3cret-agent-token';
    const agent = {
      UPSTREAM_URL: 'https://hub.acme.example/console',
      UPSTREAM_TOKEN: TOKEN,
      AGENT_NAME: 'cluster-east',
    };

    it('reads UPSTREAM_URL, UPSTREAM_TOKEN, AGENT_NAME and the intervals, 30 s, 1 min and 5 s by default', () => {
      expect(loadConfig(agent).upstream).toEqual({
        url: 'https://hub.acme.example/console/',
        token: TOKEN,
        agentName: 'cluster-east',
        pingIntervalMs: 30_000,
        pullIntervalMs: 60_000,
        actionIntervalMs: 5000,
      });
      expect(
        loadConfig({
          ...agent,
          UPSTREAM_PING_INTERVAL: '5s',
          UPSTREAM_PULL_INTERVAL: '2m',
          UPSTREAM_ACTION_INTERVAL: '1s',
        }).upstream,
      ).toMatchObject({ pingIntervalMs: 5000, pullIntervalMs: 120_000, actionIntervalMs: 1000 });
    });

    it('needs the three together, and names what is missing', () => {
      expect(() => loadConfig({ UPSTREAM_URL: agent.UPSTREAM_URL })).toThrow(
        new ConfigError(
          'UPSTREAM_TOKEN, AGENT_NAME: agent mode needs UPSTREAM_URL, UPSTREAM_TOKEN and AGENT_NAME together',
        ),
      );
      expect(() => loadConfig({ ...agent, UPSTREAM_URL: ' ' })).toThrow(/^UPSTREAM_URL: agent mode needs/);
    });

    it('refuses a URL that is not a plain http(s) address, never repeating it or the token', () => {
      for (const url of [
        'hub.acme.example',
        'ftp://hub.acme.example',
        `https://agent:${TOKEN}@hub.acme.example`,
      ]) {
        let message = '';
        try {
          loadConfig({ ...agent, UPSTREAM_URL: url });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(/^UPSTREAM_URL: must be the hub's http\(s\) address/);
        expect(message).not.toContain(TOKEN);
      }
      expect(() => loadConfig({ ...agent, UPSTREAM_TOKEN: 'two words' })).toThrow(
        new ConfigError('UPSTREAM_TOKEN: must be one token, without spaces'),
      );
      expect(() => loadConfig({ ...agent, UPSTREAM_PULL_INTERVAL: '500ms' })).toThrow(
        new ConfigError(`UPSTREAM_PULL_INTERVAL="500ms": must be a duration such as '1m' or '30s'`),
      );
    });
  });

  it('reads the chart repository of the GitOps integrations, without a trailing slash', () => {
    expect(
      loadConfig({ INTEGRATIONS_CHART_REPOSITORY: 'http://charts.internal:8080/mirror/' }).integrations,
    ).toEqual({ chartRepositoryUrl: 'http://charts.internal:8080/mirror' });
    expect(() => loadConfig({ INTEGRATIONS_CHART_REPOSITORY: 'oci://registry/charts' })).toThrow(
      new ConfigError(
        'INTEGRATIONS_CHART_REPOSITORY="oci://registry/charts": must be the http(s) URL of a Helm chart repository, such as \'https://flanksource.github.io/charts\'',
      ),
    );
  });

  it("reads the console's own SMTP server, and names SMTP_URL without its password when it is wrong", () => {
    expect(
      loadConfig({ SMTP_URL: 'smtp://mailer:pw@mail.acme.example:587?from=console@acme.example' }).smtpUrl,
    ).toBe('smtp://mailer:pw@mail.acme.example:587?from=console@acme.example');
    expect(loadConfig({ SMTP_URL: 'smtps://alerts%40acme.example:pw@mail.acme.example' }).smtpUrl).toBe(
      'smtps://alerts%40acme.example:pw@mail.acme.example',
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'https://mailer:s3cret@mail.acme.example?from=a@acme.example' }),
    ).toThrow(
      new ConfigError(
        'SMTP_URL="https://mail.acme.example/?from=a@acme.example": must be smtp://[user:password@]host:port?from=address (smtps:// for implicit TLS)',
      ),
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://mailer:s3cret@mail.acme.example:25' })).toThrow(
      new ConfigError('SMTP_URL="smtp://mail.acme.example:25": names no sender: add ?from=address'),
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.acme.example' })).toThrow(
      new ConfigError(
        'SMTP_URL: must be smtp://[user:password@]host:port?from=address (smtps:// for implicit TLS)',
      ),
    );
  });

  it('reads the check runner settings', () => {
    expect(
      loadConfig({
        CHECK_RUNNER_ENABLED: 'false',
        CHECK_RUNNER_CONCURRENCY: '3',
        CHECK_STATUS_RETENTION: '720h',
        CHECK_ROLLUP_RETENTION: '90d',
      }).health,
    ).toEqual({
      runnerEnabled: false,
      concurrency: 3,
      statusRetentionMs: 720 * 3_600_000,
      rollupRetentionMs: 90 * 86_400_000,
    });
  });

  it('turns the playbook runner off with PLAYBOOK_RUNNER_ENABLED=false', () => {
    expect(loadConfig({ PLAYBOOK_RUNNER_ENABLED: 'false' }).playbooks).toEqual({ runnerEnabled: false });
  });

  it('runs one process unless WORKERS asks for more, and more only with PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://ops@db:5432/ops' };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig(postgres).workers).toBe(1);
    expect(loadConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      new ConfigError(
        "WORKERS=2: more than one needs DATABASE_URL (the embedded database's directory belongs to one process)",
      ),
    );
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      BASE_PATH: '/console',
      DATA_DIR: '/var/lib/ops',
      DATABASE_URL: 'postgres://ops@db:5432/ops',
      DATABASE_CONNECT_TIMEOUT: '5s',
      DATABASE_STATEMENT_TIMEOUT: '1m',
      LOG_LEVEL: 'debug',
      DEMO_DATA: 'false',
      BODY_LIMIT: '512KB',
      API_MAX_ROWS: '250',
      EVENTS_HEARTBEAT: '5s',
      EVENT_LEASE: '30s',
      NOTIFICATION_LEASE: '10s',
      NOTIFICATION_TIMEOUT: '5s',
    });
    expect(config).toMatchObject({
      port: 9090,
      basePath: '/console/',
      dataDir: '/var/lib/ops',
      databaseUrl: 'postgres://ops@db:5432/ops',
      databaseConnectTimeoutMs: 5000,
      databaseStatementTimeoutMs: 60_000,
      logLevel: 'debug',
      demoData: false,
      bodyLimitBytes: 512 * 1024,
      apiMaxRows: 250,
      eventsHeartbeatMs: 5000,
      leases: { eventsMs: 30_000, notificationsMs: 10_000 },
      notificationTimeoutMs: 5000,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty": must be a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000": must be a whole number from 1 to 65535'],
    [{ BASE_PATH: 'console' }, `BASE_PATH="console": must be a URL path such as '/' or '/console/'`],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA="maybe": must be true or false'],
    [{ WORKERS: '0' }, 'WORKERS="0": must be a whole number from 1 to 256'],
    [{ WORKERS: 'all' }, 'WORKERS="all": must be a whole number from 1 to 256'],
    [
      { DATABASE_STATEMENT_TIMEOUT: '0s' },
      `DATABASE_STATEMENT_TIMEOUT="0s": must be a duration such as '10s' or '1m'`,
    ],
    [{ API_MAX_ROWS: '0' }, 'API_MAX_ROWS="0": must be a whole number of at least 1'],
    [{ EVENTS_HEARTBEAT: '500ms' }, `EVENTS_HEARTBEAT="500ms": must be a duration such as '15s' or '1m'`],
    [{ CHECK_RUNNER_ENABLED: 'sometimes' }, 'CHECK_RUNNER_ENABLED="sometimes": must be true or false'],
    [{ PLAYBOOK_RUNNER_ENABLED: 'off' }, 'PLAYBOOK_RUNNER_ENABLED="off": must be true or false'],
    [
      { CHECK_RUNNER_CONCURRENCY: '0' },
      'CHECK_RUNNER_CONCURRENCY="0": must be a whole number from 1 to 1000',
    ],
    [
      { CHECK_STATUS_RETENTION: '30 days' },
      `CHECK_STATUS_RETENTION="30 days": must be a duration such as '30d' or '720h'`,
    ],
  ])('refuses %j naming the variable and the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('reads the identity settings: OIDC, its role map, sessions, proxies, the public URL', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://id.example.com/realms/ops',
      OIDC_CLIENT_ID: 'ops-console',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_ROLE_MAP: 'ops-admins=admin, sre=Responder',
      SESSION_IDLE_TIMEOUT: '30m',
      SESSION_MAX_AGE: '7d',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://ops.example.com/console',
    });
    expect(config.auth.oidc).toEqual({
      issuerUrl: 'https://id.example.com/realms/ops',
      clientId: 'ops-console',
      clientSecret: 's3cret',
      scopes: 'openid profile email',
      rolesClaim: 'groups',
      roleMap: new Map([
        ['ops-admins', 'admin'],
        ['sre', 'responder'],
      ]),
      acceptedAudiences: [],
    });
    expect(config.auth.sessionIdleTimeoutMs).toBe(30 * 60_000);
    expect(config.auth.sessionMaxAgeMs).toBe(7 * 86_400_000);
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe('https://ops.example.com/console/');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe('2');
  });

  it('reads the audiences a Bearer access token of the provider may be for', () => {
    const oidc = { OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'ops-console' };
    expect(
      loadConfig({ ...oidc, OIDC_ACCEPTED_AUDIENCES: ' api://ops , urn:ops:platform,api://ops' }).auth.oidc
        ?.acceptedAudiences,
    ).toEqual(['api://ops', 'urn:ops:platform']);
    expect(loadConfig({ ...oidc, OIDC_ACCEPTED_AUDIENCES: ' , ' }).auth.oidc?.acceptedAudiences).toEqual([]);
  });

  it.each([
    [{ OIDC_ISSUER_URL: 'https://id.example.com' }, 'OIDC_CLIENT_ID: must be set when OIDC_ISSUER_URL is'],
    [{ OIDC_ACCEPTED_AUDIENCES: 'api://ops' }, 'OIDC_ACCEPTED_AUDIENCES: only applies with OIDC_ISSUER_URL'],
    [
      { OIDC_ISSUER_URL: 'id.example.com' },
      'OIDC_ISSUER_URL="id.example.com": must be the http(s) URL of an OpenID provider',
    ],
    [
      { OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'c', OIDC_ROLE_MAP: 'ops=boss' },
      'unknown role "boss"',
    ],
    [
      { OIDC_SCOPES: 'profile email' },
      'OIDC_SCOPES="profile email": must be space-separated scopes including \'openid\'',
    ],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD="short": must be at least 8 characters long'],
    [{ SESSION_MAX_AGE: '10 hours' }, 'SESSION_MAX_AGE="10 hours": must be a duration such as'],
    [{ FEATURE_FLAGS: 'logs.disable' }, 'FEATURE_FLAGS: "logs.disable" is not name=value'],
    [{ FEATURE_FLAGS_FILE: '/nowhere/flags' }, 'FEATURE_FLAGS_FILE="/nowhere/flags": ENOENT'],
  ])('refuses %j, saying why', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe('the cluster connection', () => {
    const kubeconfig = () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-')), 'config');
      fs.writeFileSync(file, 'apiVersion: v1\nkind: Config\n');
      return file;
    };

    it('has no cluster without KUBECONFIG outside a cluster, even when ~/.kube/config exists', () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'home-'));
      fs.mkdirSync(path.join(home, '.kube'));
      fs.writeFileSync(path.join(home, '.kube', 'config'), 'apiVersion: v1\nkind: Config\n');
      expect(loadConfig({ HOME: home, KUBE_NAMESPACES: 'team-a' }).kube).toBeUndefined();
    });

    it('reads KUBECONFIG, KUBE_CONTEXT, KUBE_NAMESPACES, KUBE_WRITE_AS and KUBE_STATUS_INTERVAL', () => {
      const file = kubeconfig();
      expect(
        loadConfig({
          KUBECONFIG: file,
          KUBE_CONTEXT: 'staging',
          KUBE_NAMESPACES: ' monitoring, team-a ,monitoring',
          KUBE_WRITE_AS: 'impersonate',
          KUBE_STATUS_INTERVAL: '5s',
        }).kube,
      ).toEqual({
        credentials: { from: 'kubeconfig', path: file, context: 'staging' },
        namespaces: ['monitoring', 'team-a'],
        writeAs: 'impersonate',
        statusIntervalMs: 5000,
      });
    });

    it('defaults to every namespace, the service account and a 30 s status interval', () => {
      const file = kubeconfig();
      expect(loadConfig({ KUBECONFIG: file }).kube).toEqual({
        credentials: { from: 'kubeconfig', path: file },
        namespaces: [],
        writeAs: 'serviceaccount',
        statusIntervalMs: 30_000,
      });
    });

    it.each([
      [{ KUBECONFIG: '/nowhere/kubeconfig' }, 'KUBECONFIG="/nowhere/kubeconfig": no such file'],
      [{ KUBE_CONTEXT: 'staging' }, 'KUBE_CONTEXT: only applies with KUBECONFIG'],
      [
        { KUBE_NAMESPACES: 'Team_A' },
        `KUBE_NAMESPACES="Team_A": must be namespace names separated by commas, such as 'monitoring,team-a', or empty for all`,
      ],
      [{ KUBE_WRITE_AS: 'admin' }, 'KUBE_WRITE_AS="admin": must be serviceaccount or impersonate'],
      [
        { KUBE_STATUS_INTERVAL: '500ms' },
        `KUBE_STATUS_INTERVAL="500ms": must be a duration such as '30s' or '5m'`,
      ],
    ])('refuses %j, saying why', (env, message) => {
      expect(() => loadConfig(env)).toThrow(new ConfigError(message));
    });
  });

  it('reads the directories file scrapers may read, and refuses a relative one', () => {
    expect(loadConfig({ SCRAPER_FILE_ROOTS: '/srv/configs:/etc/app' }).catalog).toEqual({
      scraperFileRoots: ['/srv/configs', '/etc/app'],
    });
    expect(() => loadConfig({ SCRAPER_FILE_ROOTS: 'configs' })).toThrow(
      new ConfigError(
        `SCRAPER_FILE_ROOTS="configs": must be absolute directories separated by ':', such as '/srv/configs:/etc/app'`,
      ),
    );
  });

  it('reads the directories file log backends may read, by default those of file scrapers', () => {
    expect(loadConfig({ LOG_FILE_ROOTS: '/var/log/acme:/srv/logs' }).logs).toEqual({
      fileRoots: ['/var/log/acme', '/srv/logs'],
    });
    expect(loadConfig({ SCRAPER_FILE_ROOTS: '/srv/configs' }).logs).toEqual({ fileRoots: ['/srv/configs'] });
    expect(() => loadConfig({ LOG_FILE_ROOTS: 'logs' })).toThrow(
      new ConfigError(
        `LOG_FILE_ROOTS="logs": must be absolute directories separated by ':', such as '/var/log/acme:/srv/logs'`,
      ),
    );
  });

  it('reads local feature flags from FEATURE_FLAGS and FEATURE_FLAGS_FILE, the file winning', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flags-')), 'flags');
    fs.writeFileSync(file, '# operator flags\nlogs.disable = true\n\nplaybooks.disable=false\n');
    const config = loadConfig({
      FEATURE_FLAGS: 'logs.disable=false, incidents.disable=true',
      FEATURE_FLAGS_FILE: file,
    });
    expect(config.localFeatureFlags).toEqual(
      new Map([
        ['logs.disable', 'true'],
        ['incidents.disable', 'true'],
        ['playbooks.disable', 'false'],
      ]),
    );
  });
});
