import { RestError } from '../rest/errors.js';
import { specValidatorOf } from './kinds.js';
import { validateSpecWrite } from './test-support.js';
import { readablePath } from './validate.js';

const canary = specValidatorOf('canaries');
const validateCanaryYaml = (yaml: string) => canary.validateYaml(yaml);
const specProblems = (spec: unknown) => canary.problems(spec);

const valid = `schedule: '@every 30s'
owner: platform
http:
  - name: homepage
    url: https://example.com
    method: GET
    responseCodes: [200, 301]
    thresholdMillis: 500
    maxSSLExpiry: 14
    headers:
      - name: Authorization
        valueFrom:
          secretKeyRef: { name: synthetic, key: token }
    authentication:
      username: { value: me }
      password:
        valueFrom:
          secretKeyRef: { name: creds, key: password }
    test:
      expr: code == 200
tcp:
  - name: port
    endpoint: example.com:443
dns:
  - name: dns
    server: 1.1.1.1
    port: 53
    query: example.com
    querytype: A
    minrecords: 1
icmp:
  - name: ping
    endpoint: example.com
    packetCount: 3
    packetLossThreshold: 10
exec:
  - name: echo
    script: echo ok
postgres:
  - name: db
    connection: connection://postgres/orders
    query: select 1
    results: 1
redis:
  - name: cache
    url: redis://localhost:6379
    db: 0
webhook:
  name: alerts
sftp:
  - name: a kind of the type picker
    host: sftp.example.com
`;

describe('validateCanaryYaml', () => {
  it('accepts a spec of the described kinds, kinds only the type picker knows, and an empty text', () => {
    expect(validateCanaryYaml(valid)).toEqual({ valid: true, errors: [] });
    expect(validateCanaryYaml('')).toEqual({ valid: true, errors: [] });
  });

  it('places a YAML syntax error at its line', () => {
    const result = validateCanaryYaml('http:\n  - name: a\n    url: "unterminated\n');
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 4, path: '' });
    expect(result.errors[0]!.message).not.toBe('');
  });

  it('places a missing required field at the entry, an unknown field at its key', () => {
    const yaml = [
      'tcp:',
      '  - name: ok',
      '    endpoint: x:1',
      'http:',
      '  - url: https://example.com',
      '    thresholdMilis: 5',
    ];
    expect(validateCanaryYaml(yaml.join('\n')).errors).toEqual([
      { line: 5, column: 5, path: '/http/0', message: "http[0]: must have required property 'name'" },
      {
        line: 6,
        column: 5,
        path: '/http/0/thresholdMilis',
        message: "http[0]: must NOT have additional property 'thresholdMilis'",
      },
    ]);
  });

  it('names wrong types at the value', () => {
    const yaml =
      'http:\n  - name: a\n    url: http://x\n    maxSSLExpiry: soon\n    responseCodes: [200, "ok"]\n';
    expect(validateCanaryYaml(yaml).errors).toEqual([
      {
        line: 4,
        column: 5,
        path: '/http/0/maxSSLExpiry',
        message: 'http[0].maxSSLExpiry: must be integer',
      },
      {
        line: 5,
        column: 26,
        path: '/http/0/responseCodes/1',
        message: 'http[0].responseCodes[1]: must be integer',
      },
    ]);
  });

  it('requires what the platform requires, not the fields the forms ask for (spec 3 §5)', () => {
    const yaml = `redis: [{ name: r }]\nicmp: [{ name: i }]\ntcp: [{ name: t }]\nexec: [{ name: e }]\nsql: [{ name: s }]\n`;
    expect(validateCanaryYaml(yaml).errors.map((e) => e.message)).toEqual([
      "exec[0]: must have required property 'script'",
    ]);
  });

  it('requires a name in entries of any kind, and refuses a spec that is not a mapping', () => {
    expect(validateCanaryYaml('kubernetes:\n  - kind: Node\n').errors).toEqual([
      {
        line: 2,
        column: 5,
        path: '/kubernetes/0',
        message: "kubernetes[0]: must have required property 'name'",
      },
    ]);
    expect(validateCanaryYaml('- http').errors).toEqual([
      { line: 1, column: 1, path: '', message: 'must be object' },
    ]);
    expect(
      validateCanaryYaml('schedule: 5\ninterval: -1\nstray: text\n').errors.map((e) => e.message),
    ).toEqual([
      'schedule: must be string',
      'interval: must be >= 0',
      "must NOT have additional property 'stray'",
    ]);
  });

  it('locates fields behind anchors, quoted keys and in flow collections at their key', () => {
    const yaml = 'base: &b\n  - name: x\n    url: u\nhttp: *b\n"tcp": [{name: t, endpoint: 1}]\n';
    expect(validateCanaryYaml(yaml).errors).toEqual([
      { line: 1, column: 1, path: '/base', message: "must NOT have additional property 'base'" },
      { line: 5, column: 19, path: '/tcp/0/endpoint', message: 'tcp[0].endpoint: must be string' },
    ]);
  });
});

describe('readablePath', () => {
  it.each([
    ['', ''],
    ['/http', 'http'],
    ['/http/0/headers/1/name', 'http[0].headers[1].name'],
    ['/labels/a~1b', 'labels.a/b'],
  ])('%j reads %j', (pointer, path) => expect(readablePath(pointer)).toBe(path));
});

describe('the /api/db write hook on canaries', () => {
  it('refuses a canary whose spec the schema refuses with 422, naming the problem', () => {
    const write = () =>
      validateSpecWrite('canaries', [
        { name: 'ok', spec: {} },
        { name: 'bad', spec: { http: [{ url: 'https://x' }] } },
      ]);
    expect(write).toThrow(RestError);
    expect(write).toThrow("spec: http[0]: must have required property 'name'");
    try {
      write();
    } catch (error) {
      expect((error as RestError).status).toBe(422);
    }
  });

  it('lets other relations, and canary writes without a spec, through', () => {
    expect(() => validateSpecWrite('notifications', [{ spec: { http: [{}] } }])).not.toThrow();
    expect(() => validateSpecWrite('canaries', [{ name: 'renamed' }])).not.toThrow();
    expect(specProblems({ http: [{ name: 'x', url: 'http://x' }] })).toEqual([]);
  });
});
