import { checksOfCanary, endpointOf, expandVariables } from './canary-spec.js';

describe('checksOfCanary', () => {
  const canary = {
    name: 'edge',
    labels: { team: 'platform', tier: 'edge' },
    spec: {
      schedule: '@every 1m',
      interval: 60,
      severity: 'high',
      http: [
        { name: 'home', url: 'https://www.example.com', labels: { tier: 'web', port: 443 }, icon: 'globe' },
        { url: 'https://api.example.com/health', description: 'API health', severity: 'Critical' },
        { name: 'home', url: 'https://www.example.com/2' },
      ],
      tcp: [{ endpoint: 'db.example.com:5432', severity: 'nonsense' }],
      dns: [{ name: 'mx', server: '1.1.1.1', query: 'example.com', querytype: 'MX' }],
      exec: [{ script: 'echo ok' }],
      pod: [{ name: 'pods', namespace: 'default' }],
      s3: 'not a list',
    },
  };

  it('makes one check per entry of each kind list, in spec order', () => {
    const checks = checksOfCanary(canary);
    expect(checks.map((c) => [c.type, c.name])).toEqual([
      ['http', 'home'],
      ['http', 'https://api.example.com/health'],
      ['http', 'home-2'],
      ['tcp', 'db.example.com:5432'],
      ['dns', 'mx'],
      ['exec', 'exec-1'],
      ['pod', 'pods'],
    ]);
  });

  it('merges labels (the entry wins), keeps the entry as spec and takes description, icon, endpoint', () => {
    const [home, api] = checksOfCanary(canary);
    expect(home).toEqual({
      type: 'http',
      name: 'home',
      description: null,
      endpoint: 'https://www.example.com',
      icon: 'globe',
      severity: 'high',
      labels: { team: 'platform', tier: 'web', port: '443' },
      spec: canary.spec.http[0],
    });
    expect(api).toMatchObject({
      description: 'API health',
      severity: 'critical',
      endpoint: 'https://api.example.com/health',
    });
  });

  it('drops a severity the checks table does not know', () => {
    expect(checksOfCanary(canary).find((c) => c.type === 'tcp')!.severity).toBeNull();
  });

  it('makes nothing of an empty or missing spec', () => {
    expect(checksOfCanary({ name: 'x', spec: {} })).toEqual([]);
    expect(checksOfCanary({ name: 'x', spec: null })).toEqual([]);
  });

  it('fills the endpoint from $(CONSOLE_URL)-style variables, but keeps the entry as written', () => {
    const [check] = checksOfCanary(
      { name: 'self', spec: { http: [{ name: 'self', url: '$(CONSOLE_URL)/healthz' }] } },
      { CONSOLE_URL: 'http://127.0.0.1:8080' },
    );
    expect(check!.endpoint).toBe('http://127.0.0.1:8080/healthz');
    expect(check!.spec).toEqual({ name: 'self', url: '$(CONSOLE_URL)/healthz' });
  });
});

describe('expandVariables', () => {
  it('replaces known $(VAR) references in every string, deeply, and leaves shell syntax alone', () => {
    const value = {
      endpoint: '127.0.0.1:$(CONSOLE_PORT)',
      list: ['$(CONSOLE_URL)/a', 3, null],
      nested: { script: 'test $(( $(date +%s) / 60 % 5 )) -ne 0; echo $(HOSTNAME) $(CONSOLE_PORT)' },
    };
    expect(expandVariables(value, { CONSOLE_URL: 'http://x', CONSOLE_PORT: '81' })).toEqual({
      endpoint: '127.0.0.1:81',
      list: ['http://x/a', 3, null],
      nested: { script: 'test $(( $(date +%s) / 60 % 5 )) -ne 0; echo $(HOSTNAME) 81' },
    });
  });
});

describe('endpointOf', () => {
  it('names what each kind reaches', () => {
    expect(endpointOf('redis', { addr: 'cache:6379' })).toBe('cache:6379');
    expect(endpointOf('dns', { query: 'example.com' })).toBe('system resolver: example.com');
    expect(endpointOf('postgres', { connection: 'connection://postgres/orders' })).toBe(
      'connection://postgres/orders',
    );
    expect(endpointOf('exec', { script: 'true' })).toBeNull();
    expect(endpointOf('folder', { path: '/backups/db' })).toBe('/backups/db');
    expect(endpointOf('gitprotocol', { repository: 'https://bot:secret@git.example.com/ops.git' })).toBe(
      'https://git.example.com/ops.git',
    );
  });
});
