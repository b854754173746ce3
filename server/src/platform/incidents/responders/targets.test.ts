import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliver, DeliveryError, type Delivery } from './targets.js';

/** A local stand-in for the ticket systems (the real ones cannot run in a test): records and answers. */
let server: http.Server;
let url: string;
const seen: { path: string; authorization?: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

const incident = {
  id: 'i1',
  incident_id: 'INC0000001',
  title: 'Disk full',
  severity: 'high',
  status: 'open',
  type: 'availability',
  description: null,
};
const delivery = (responderType: Delivery['responderType'], fields: Record<string, string>): Delivery => ({
  responderType,
  fields,
  incident,
  signal: new AbortController().signal,
});

describe('responder delivery targets', () => {
  it('creates a Planner task through Microsoft Graph with the token as a bearer and the priority as a number', async () => {
    answer = { status: 201, body: { id: 'task-1' } };
    const id = await deliver(
      delivery('ms_planner', {
        plan_id: 'p',
        bucket_id: 'b',
        priority: 'urgent',
        title: 'T',
        description: 'D',
      }),
      { url, password: 'graph-token', properties: {} },
    );
    expect(id).toBe('task-1');
    expect(seen[0]).toEqual({
      path: '/v1.0/planner/tasks',
      authorization: 'Bearer graph-token',
      body: { planId: 'p', bucketId: 'b', title: 'T', priority: 1 },
    });
  });

  it('posts the other systems their fields and the incident, and takes the id they answer', async () => {
    answer = { status: 200, body: { number: 'CASE-77' } };
    const fields = { product: 'RHEL', category: 'c', description: 'd', body: 'b' };
    const id = await deliver(delivery('redhat', fields), {
      url: `${url}/cases`,
      username: 'u',
      password: 'p',
      properties: {},
    });
    expect(id).toBe('CASE-77');
    expect(seen[0]).toEqual({
      path: '/cases',
      authorization: `Basic ${Buffer.from('u:p').toString('base64')}`,
      body: { responderType: 'redhat', incident, fields },
    });
  });

  it("fails with the system's status and words, and on an answer without an id", async () => {
    answer = { status: 400, body: { errors: { project: 'project is required' } } };
    const jira = delivery('jira', {
      project: 'X',
      issueType: 'Bug',
      summary: 's',
      description: '',
      priority: '',
    });
    await expect(deliver(jira, { url, properties: {} })).rejects.toThrow(
      'Jira answered 400 Bad Request: {"errors":{"project":"project is required"}}',
    );
    answer = { status: 200, body: {} };
    await expect(deliver(delivery('oracle', {}), { url, properties: {} })).rejects.toThrow(
      'oracle answered without an id',
    );
  });

  it('refuses before sending when a field the system needs is empty', async () => {
    await expect(
      deliver(delivery('jira', { project: 'X', issueType: '', summary: '' }), { url, properties: {} }),
    ).rejects.toThrow(new DeliveryError('the responder has no issueType, summary'));
    expect(seen).toHaveLength(0);
  });
});
